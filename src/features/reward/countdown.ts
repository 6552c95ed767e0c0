/**
 * Countdown maths for the reward pool. The server sends `serverTime` with the pool info, so the
 * countdown is measured on the server's clock: a device whose clock or time zone is wrong, or that
 * slept for an hour, still shows the right time left once it recomputes from Date.now() + offset.
 */

/** Server clock minus device clock, in ms, measured when the response arrived. */
export function clockOffsetMs(serverTimeIso: string, receivedAtMs: number): number {
  const server = Date.parse(serverTimeIso);
  return Number.isFinite(server) ? server - receivedAtMs : 0;
}

/** Milliseconds until `targetIso` on the server clock; never negative. */
export function remainingMs(targetIso: string, deviceNowMs: number, offsetMs: number): number {
  const target = Date.parse(targetIso);
  if (!Number.isFinite(target)) return 0;
  return Math.max(0, target - (deviceNowMs + offsetMs));
}

export interface Duration {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds in `ms`, rounded up to the second so 0 shows only at the end. */
export function splitDuration(ms: number): Duration {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
