// Every request is answered in the language it asks for (`Accept-Language`; English when it asks for none
// of ours) until a guard knows who asks: then in their account's language and zone (./languages.ts).
import type { MiddlewareHandler } from 'hono';
import { DEFAULT_TIME_ZONE, negotiateLocale } from '@/i18n/locales';
import { parseAcceptLanguage } from './accept-language';
import { inLanguage } from './languages';

export function answerInRequestedLanguage(): MiddlewareHandler {
  return (c, next) =>
    inLanguage(
      {
        locale: negotiateLocale(parseAcceptLanguage(c.req.header('accept-language'))),
        timeZone: DEFAULT_TIME_ZONE,
      },
      () => next(),
    );
}
