// Dates, times and money in the person's language and time zone (issue 30).
import { afterAll, describe, expect, it } from 'vitest';
import {
  formatBillingMonth,
  formatDateTime,
  formatDateTimeWithZone,
  formatRelative,
} from '@/domain/helpers/time';
import { formatMoney } from '@/domain/money';
import { setTimeZone, t } from '@/i18n';
import { setLocale } from '@/i18n/loader';
import { negotiateLocale } from '@/i18n/locales';
import { parseAcceptLanguage } from '../../server/i18n/accept-language';

const at = '2026-11-28T12:05:00Z';

afterAll(async () => {
  setTimeZone('Africa/Kigali');
  await setLocale('en');
});

describe('formatting in the language and zone in use', () => {
  it('shows times in the account’s zone, Africa/Kigali by default, and names it where asked', async () => {
    await setLocale('en');
    setTimeZone('Africa/Kigali');
    expect(formatDateTime(at)).toBe('28 Nov 2026, 14:05');
    expect(formatDateTimeWithZone(at)).toBe('28 Nov 2026, 14:05 (Africa/Kigali)');
    setTimeZone('America/New_York');
    expect(formatDateTime(at)).toBe('28 Nov 2026, 07:05');
    setTimeZone('Not/AZone');
    expect(formatDateTime(at)).toBe('28 Nov 2026, 14:05');
  });

  it('speaks French: dates, relative times and money', async () => {
    await setLocale('fr');
    setTimeZone('Africa/Kigali');
    expect(formatDateTime(at)).toBe('28 nov. 2026, 14:05');
    expect(formatRelative('2026-11-28T11:55:00Z', Date.parse(at))).toBe('il y a 10 minutes');
    expect(formatBillingMonth(at)).toBe('novembre 2026');
    expect(formatMoney(125_000, 'RWF').replace(/\s/g, ' ')).toBe('125 000 RWF');
    expect(t('auth.signIn')).toBe('Se connecter');
  });

  it('speaks Kinyarwanda with the catalog’s month names, whatever the runtime’s locale data', async () => {
    await setLocale('rw');
    setTimeZone('Africa/Kigali');
    expect(formatDateTime(at)).toBe('28 Ugushyingo 2026, 14:05');
    expect(formatBillingMonth(at)).toBe('Ugushyingo 2026');
    expect(formatRelative('2026-11-28T09:05:00Z', Date.parse(at))).toBe('hashize amasaha 3');
    expect(formatRelative('2026-11-27T12:00:00Z', Date.parse(at))).toBe('ejo hashize');
    expect(formatMoney(125_000, 'RWF')).toBe('RWF 125,000');
    expect(t('auth.signIn')).toBe('Injira');
  });

  it('picks the language a browser or an Accept-Language header asks for, English otherwise', () => {
    expect(negotiateLocale(['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(negotiateLocale(parseAcceptLanguage('en;q=0.5, rw-RW;q=0.9'))).toBe('rw');
    expect(negotiateLocale(parseAcceptLanguage('de, *;q=0.1'))).toBe('en');
  });
});
