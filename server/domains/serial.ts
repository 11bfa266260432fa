// The SOA serial: date-based, YYYYMMDDnn (RFC 1912 §2.2), always increasing. Each change takes the larger
// of "the serial plus one" and "today's first serial", so the serial reads as the date of the last change
// while nn counts the day's changes; after the 99th change of a day it simply carries into the next day's
// numbers, which still increases (secondaries compare serials, they do not read dates). The largest value
// a serial can hold (2^32 − 1) is reached in the year 4294.
export function firstSerialOf(date: Date): number {
  return date.getUTCFullYear() * 1_000_000 + (date.getUTCMonth() + 1) * 10_000 + date.getUTCDate() * 100;
}

export function nextSerial(current: number, now: Date): number {
  return Math.max(current + 1, firstSerialOf(now));
}
