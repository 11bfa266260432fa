// A typed phone number to E.164: first exactly as SPEC §5 says (the shared normalizer), then checked with
// libphonenumber-js's full metadata so an impossible number gets a clear message instead of an SMS to nowhere.
import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import { normalizePhoneNumber } from '@/domain/phone/normalize';
import { ProblemError } from '../../http/problem';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

function invalidField(field: 'country' | 'phoneNumber', message: string): ProblemError {
  return new ProblemError(422, { detail: message, errors: [{ field, message }] });
}

/** The number in E.164 (+250788123456); throws a 422 naming the field to fix. */
export function toE164(country: string, typed: string): string {
  if (!isSupportedCountry(country)) throw invalidField('country', 'Choose a country from the list.');
  const normalized = normalizePhoneNumber(typed, `+${getCountryCallingCode(country as CountryCode)}`);
  const parsed = /^\+\d{4,17}$/.test(normalized) ? parsePhoneNumberFromString(normalized) : undefined;
  if (!parsed?.isValid()) {
    // A number typed with its own + prefix is international: naming the picker's country would mislead.
    const where = typed.trim().startsWith('+') ? 'phone' : `${regionNames.of(country) ?? country}`;
    throw invalidField('phoneNumber', `This doesn't look like a valid ${where} number: check the digits.`);
  }
  return parsed.number;
}

export function phoneNumberTaken(): ProblemError {
  return invalidField(
    'phoneNumber',
    'This number is already verified on another account. Use another number.',
  );
}
