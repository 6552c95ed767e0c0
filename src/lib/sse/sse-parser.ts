/**
 * The `text/event-stream` format (HTML Living Standard, "server-sent events"), parsed from chunks
 * of text as they arrive: lines may end in CR, LF or CRLF and be split anywhere between chunks.
 * Comments are skipped, `id` is remembered across events as the spec's "last event ID" (what a
 * reconnection sends back), and an event with no data is not dispatched.
 */
export interface SseMessage {
  event: string;
  data: string;
  /** The last event ID in force when this message was dispatched. */
  lastEventId: string;
}

export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private hasData = false;
  /** The stream's last event ID so far (the `Last-Event-ID` to resume from). */
  lastEventId = '';
  /** The reconnection delay the server asked for, in ms. */
  retryMs: number | undefined;

  push(chunk: string): SseMessage[] {
    this.buffer += chunk;
    const out: SseMessage[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c !== '\n' && c !== '\r') continue;
      // A CR at the very end may be the first half of a CRLF: decide when the next chunk comes.
      if (c === '\r' && i === this.buffer.length - 1) break;
      this.line(this.buffer.slice(start, i), out);
      if (c === '\r' && this.buffer[i + 1] === '\n') i++;
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  private line(line: string, out: SseMessage[]) {
    if (line === '') {
      if (this.hasData) out.push({ event: this.event || 'message', data: this.data.join('\n'), lastEventId: this.lastEventId });
      this.event = '';
      this.data = [];
      this.hasData = false;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') {
      this.data.push(value);
      this.hasData = true;
    } else if (field === 'id') {
      if (!value.includes('\0')) this.lastEventId = value;
    } else if (field === 'retry') {
      if (/^\d+$/.test(value)) this.retryMs = Number(value);
    }
  }
}
