import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clockOffsetMs, remainingMs, splitDuration } from './countdown';

describe('countdown', () => {
  it('measures the offset between server and device clocks', () => {
    const device = Date.parse('2026-01-01T10:00:00.000Z');
    expect(clockOffsetMs('2026-01-01T10:00:05.000Z', device)).toBe(5000);
    expect(clockOffsetMs('garbage', device)).toBe(0);
  });

  it('counts down on the server clock whatever the device clock says', () => {
    // Device clock 3 hours fast (e.g. a wrong time zone set as local time).
    const serverNow = Date.parse('2026-01-01T23:59:00.000Z');
    const deviceNow = serverNow + 3 * 3600_000;
    const offset = clockOffsetMs(new Date(serverNow).toISOString(), deviceNow);
    expect(remainingMs('2026-01-02T00:00:00.000Z', deviceNow, offset)).toBe(60_000);
    // After the device slept 30 s, recomputing from its clock gives the right time left.
    expect(remainingMs('2026-01-02T00:00:00.000Z', deviceNow + 30_000, offset)).toBe(30_000);
    // Past the target it stays at zero.
    expect(remainingMs('2026-01-02T00:00:00.000Z', deviceNow + 90_000, offset)).toBe(0);
  });

  it('splits a duration into parts that add back up', () => {
    expect(splitDuration(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitDuration(1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(splitDuration(90_061_000)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 86_400_000 }), (ms) => {
        const d = splitDuration(ms);
        expect(d.hours).toBeLessThan(24);
        expect(d.minutes).toBeLessThan(60);
        expect(d.seconds).toBeLessThan(60);
        expect(((d.days * 24 + d.hours) * 60 + d.minutes) * 60 + d.seconds).toBe(Math.ceil(ms / 1000));
      }),
    );
  });
});
