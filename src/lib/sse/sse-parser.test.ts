import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser';

describe('SseParser', () => {
  it('dispatches events with their name, data lines and last event id', () => {
    const p = new SseParser();
    const out = p.push('retry: 5000\n\nid: 7\nevent: change\ndata: {"topics":["wallet"]}\n\n: ping\n\ndata: a\ndata: b\n\n');
    expect(out).toEqual([
      { event: 'change', data: '{"topics":["wallet"]}', lastEventId: '7' },
      { event: 'message', data: 'a\nb', lastEventId: '7' },
    ]);
    expect(p.retryMs).toBe(5000);
    expect(p.lastEventId).toBe('7');
  });

  it('keeps an id given without data, and ignores an id with NUL', () => {
    const p = new SseParser();
    expect(p.push('id: 3\n\nid: 4\u0000\n\n')).toEqual([]);
    expect(p.lastEventId).toBe('3');
  });

  it('gives the same events however the text is cut into chunks, with any line ending', () => {
    const events = fc.array(
      fc.record({
        id: fc.nat({ max: 10_000 }),
        event: fc.constantFrom('change', 'hello', 'resync'),
        data: fc.string({ unit: fc.constantFrom('a', 'b', '{', '}', '"', ':', ' ', 'é'), maxLength: 12 }),
      }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(events, fc.constantFrom('\n', '\r', '\r\n'), fc.array(fc.nat(), { maxLength: 8 }), (list, eol, cuts) => {
        // A final CR might still be half of a CRLF: the stream goes on (as a live one does) with a comment.
        const text = `${list.map((e) => `: c${eol}id: ${e.id}${eol}event: ${e.event}${eol}data: ${e.data}${eol}${eol}`).join('')}: more\n`;
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const p = new SseParser();
        const got = [];
        let at = 0;
        for (const point of [...points, text.length]) {
          got.push(...p.push(text.slice(at, point)));
          at = point;
        }
        expect(got).toEqual(list.map((e) => ({ event: e.event, data: e.data, lastEventId: String(e.id) })));
      }),
    );
  });
});
