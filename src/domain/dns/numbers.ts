// The number fields of a record form (ttl, priority, weight, port), which arrive as typed: a number, a
// string of digits with spaces around it, or nothing.

export type NumberInput = number | string | null | undefined;

export type WholeNumber = { ok: true; value: number | null } | { ok: false; reason: 'format' | 'range' };

/** A whole number from `min` to `max`; `value: null` when nothing was entered. Digits only: no 1h, no 1e3. */
export function readWholeNumber(raw: NumberInput, min: number, max: number): WholeNumber {
  let value: number;
  if (raw === null || raw === undefined) return { ok: true, value: null };
  if (typeof raw === 'number') {
    if (!Number.isInteger(raw)) return { ok: false, reason: 'format' };
    value = raw;
  } else {
    const typed = raw.trim();
    if (typed === '') return { ok: true, value: null };
    if (!/^\d+$/.test(typed)) return { ok: false, reason: /^-\d+$/.test(typed) ? 'range' : 'format' };
    value = Number(typed);
  }
  return value < min || value > max ? { ok: false, reason: 'range' } : { ok: true, value };
}
