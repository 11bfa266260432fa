// The signed-in person's own account: name, e-mail address (changed by code), phone (via /auth/phone-code).
import * as v from 'valibot';
import { isTimeZone, LOCALES } from '@/i18n/locales';
import { translated } from '@/i18n/state';
import { challengeIdSchema, codeSchema, emailSchema, personNameSchema } from './auth';

/** A language the console speaks. */
export const localeSchema = v.picklist(LOCALES, translated('contract.locale.invalid'));
/** An IANA time zone the server knows ("Africa/Kigali", "Europe/Paris"). */
export const timeZoneSchema = v.pipe(
  v.string(translated('contract.timeZone.required')),
  v.check(isTimeZone, translated('contract.timeZone.invalid')),
);

/** Any of the person's own settings: their name, language, time zone. */
export const updateProfileRequestSchema = v.object({
  name: v.optional(personNameSchema),
  locale: v.optional(localeSchema),
  timeZone: v.optional(timeZoneSchema),
});
export const changeEmailRequestSchema = v.object({ email: emailSchema });
export const confirmEmailChangeRequestSchema = v.object({ challengeId: challengeIdSchema, code: codeSchema });
