// A typed phone number to E.164: first exactly as SPEC §5 says (the shared normalizer), then checked with
// libphonenumber-js's full metadata so an impossible number gets a clear message instead of an SMS to nowhere.
import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import { normalizePhoneNumber } from '@/domain/phone/normalize';
import { currentLocale } from '@/i18n/state';
import { ProblemError } from '../../http/problem';
import { t } from '../../i18n/t';

/** A country's name in the request's language where `Intl` knows it (French, English), else in English. */
function regionName(country: string): string {
  const locale = currentLocale() === 'fr' ? 'fr' : 'en';
  return new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country;
}

function invalidField(field: 'country' | 'phoneNumber', message: string): ProblemError {
  return new ProblemError(422, { detail: message, errors: [{ field, message }] });
}

/** The number in E.164 (+250788123456); throws a 422 naming the field to fix. */
export function toE164(country: string, typed: string): string {
  if (!isSupportedCountry(country)) throw invalidField('country', t('user.problem.phone.chooseCountry'));
  const normalized = normalizePhoneNumber(typed, `+${getCountryCallingCode(country as CountryCode)}`);
  const parsed = /^\+\d{4,17}$/.test(normalized) ? parsePhoneNumberFromString(normalized) : undefined;
  if (!parsed?.isValid()) {
    // A number typed with its own + prefix is international: naming the picker's country would mislead.
    throw invalidField(
      'phoneNumber',
      typed.trim().startsWith('+')
        ? t('user.problem.phone.invalid')
        : t('user.problem.phone.invalidIn', { country: regionName(country) }),
    );
  }
  return parsed.number;
}

export function phoneNumberTaken(): ProblemError {
  return invalidField('phoneNumber', t('user.problem.phone.taken'));
}
