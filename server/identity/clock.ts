// Every expiry, cooldown and lock reads the time from a Clock, so tests move time instead of sleeping.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}

/** Whole seconds from now until `until`, at least 1 so a client never retries at once. */
export function secondsUntil(now: Date, until: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}
