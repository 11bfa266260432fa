// Every request is answered in the language it asks for (`Accept-Language`; English when it asks for none
// of ours) until a guard knows who asks: then in their account's language and zone (./languages.ts).
import type { MiddlewareHandler } from 'hono';
import { DEFAULT_TIME_ZONE, negotiateLocale } from '@/i18n/locales';
import { parseAcceptLanguage } from './accept-language';
import { inLanguage, type Language } from './languages';

/** The language an `Accept-Language` header asks for (English when it asks for none of ours). */
export function languageAsked(header: string | string[] | undefined | null): Language {
  const value = Array.isArray(header) ? header.join(',') : header;
  return { locale: negotiateLocale(parseAcceptLanguage(value)), timeZone: DEFAULT_TIME_ZONE };
}

export function answerInRequestedLanguage(): MiddlewareHandler {
  return (c, next) => inLanguage(languageAsked(c.req.header('accept-language')), () => next());
}
