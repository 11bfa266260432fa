// Phone numbers as SPEC §5 normalizes them, shared by the phone picker and the server.

/**
 * Every character except digits and the plus sign is removed; one leading zero is removed; the
 * country's dial code (e.g. "+250") is prepended unless the number already starts with a plus.
 */
export function normalizePhoneNumber(input: string, dialCode: string): string {
  const kept = input.replace(/[^\d+]/g, '');
  const withoutZero = kept.startsWith('0') ? kept.slice(1) : kept;
  if (withoutZero.startsWith('+')) return withoutZero;
  const prefix = dialCode.startsWith('+') ? dialCode : `+${dialCode}`;
  return `${prefix}${withoutZero}`;
}
