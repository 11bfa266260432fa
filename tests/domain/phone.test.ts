import { describe, expect, it } from 'vitest';
import { normalizePhoneNumber } from '@/domain/phone/normalize';

describe('normalizePhoneNumber (SPEC §5)', () => {
  it.each([
    ['0788 123 456', '+250', '+250788123456'],
    ['(078) 812-3456', '+250', '+250788123456'],
    ['788123456', '+250', '+250788123456'],
    ['+250 788 123 456', '+44', '+250788123456'],
    ['07911 123456', '+44', '+447911123456'],
    // Only one leading zero goes: an international 00 prefix is not understood (the server then refuses it).
    ['00250788123456', '+1', '+10250788123456'],
    ['tel: 0788-123-456', '250', '+250788123456'],
  ])('%s with %s becomes %s', (input, dialCode, expected) => {
    expect(normalizePhoneNumber(input, dialCode)).toBe(expected);
  });
});
