import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import {
  countryHelper,
  findPhoneCountry,
  flagCountries,
  flagImageUrl,
  getFlagCountry,
  getPhoneCountry,
  hasFlagImage,
  phoneCountries,
  preferredPhoneCountries,
  searchPhoneCountries,
} from '@/domain/countries/countries';

const names = (countries: { name: string }[]) => countries.map((country) => country.name);
const codes = (countries: { code: string }[]) => countries.map((country) => country.code);

describe('phone countries (SPEC §3)', () => {
  it('lists the preferred countries first, in the spec order, then the rest by name', () => {
    expect(names(phoneCountries.slice(0, 5))).toEqual([
      'Australia',
      'India',
      'United Arab Emirates',
      'United Kingdom',
      'United States',
    ]);
    expect(preferredPhoneCountries).toEqual(phoneCountries.slice(0, 5));
    expect(phoneCountries.slice(5).some((country) => country.preferred)).toBe(false);
    const rest = names(phoneCountries.slice(5));
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(rest.length).toBeGreaterThan(230);
  });

  it('has one entry per code', () => {
    expect(new Set(codes([...phoneCountries])).size).toBe(phoneCountries.length);
  });

  it.each([
    ['RW', 'Rwanda', '+250', 'RWF', 'RF', 'Rwandan Franc'],
    ['GB', 'United Kingdom', '+44', 'GBP', '£', 'British Pound'],
    ['US', 'United States', '+1', 'USD', '$', 'US Dollar'],
  ])('%s is %s, %s, paid in %s (%s)', (code, name, dialCode, currencyCode, symbol, currency) => {
    expect(findPhoneCountry(code)).toMatchObject({
      code,
      name,
      dial_code: dialCode,
      country_code: dialCode.slice(1),
      currency_code: currencyCode,
      currency_symbol: symbol,
      currency,
    });
  });

  it('agrees with libphonenumber-js on every calling code', () => {
    for (const country of phoneCountries) {
      expect(isSupportedCountry(country.code), country.code).toBe(true);
      expect(country.dial_code, country.code).toBe(`+${getCountryCallingCode(country.code as 'RW')}`);
    }
  });

  it('marks countries that share a calling code, territories and NANP area codes', () => {
    expect(findPhoneCountry('US')?.secondary).toBeUndefined();
    expect(findPhoneCountry('CA')?.secondary).toBe(true);
    expect(findPhoneCountry('JE')).toMatchObject({ dial_code: '+44', secondary: true });
    expect(findPhoneCountry('AX')).toMatchObject({ part_of: 'FI', dial_code: '+358' });
    expect(findPhoneCountry('DO')?.area_codes).toEqual(['809', '829', '849']);
  });

  it('gives each country an emoji flag made of its two regional indicator letters', () => {
    expect(findPhoneCountry('RW')?.flag).toBe('🇷🇼');
    for (const country of phoneCountries) expect([...country.flag]).toHaveLength(2);
  });
});

describe('country helper', () => {
  it('returns exactly flag, dial_code, code and name for each country, in list order', () => {
    const entries = countryHelper();
    expect(entries).toHaveLength(phoneCountries.length);
    expect(entries[0]).toEqual({ flag: '🇦🇺', dial_code: '+61', code: 'AU', name: 'Australia' });
    for (const entry of entries)
      expect(Object.keys(entry).sort()).toEqual(['code', 'dial_code', 'flag', 'name']);
  });

  it('finds one country by code in any case', () => {
    expect(getPhoneCountry('rw')).toEqual({ flag: '🇷🇼', dial_code: '+250', code: 'RW', name: 'Rwanda' });
    expect(getPhoneCountry('ZZ')).toBeUndefined();
  });
});

describe('searchPhoneCountries', () => {
  it('finds by name, from the start of a word, ignoring case', () => {
    expect(codes(searchPhoneCountries('rwan'))).toEqual(['RW']);
    expect(codes(searchPhoneCountries('KINGDOM'))).toContain('GB');
    expect(codes(searchPhoneCountries('united')).slice(0, 3)).toEqual(['AE', 'GB', 'US']);
  });

  it('finds by local and other names', () => {
    expect(codes(searchPhoneCountries('Deutschland'))).toEqual(['DE']);
    expect(codes(searchPhoneCountries('uk')).slice(0, 2)).toEqual(['GB', 'UA']);
    expect(codes(searchPhoneCountries('Burma'))).toEqual(['MM']);
  });

  it('ignores accents either way', () => {
    expect(codes(searchPhoneCountries('curacao'))).toEqual(['CW']);
    expect(codes(searchPhoneCountries('Réunion'))).toEqual(['RE']);
    expect(codes(searchPhoneCountries('ÅLAND'))[0]).toBe('AX');
    expect(codes(searchPhoneCountries('Mexico'))).toEqual(['MX']);
  });

  it('puts an exact alpha-2 code first', () => {
    expect(codes(searchPhoneCountries('rw'))[0]).toBe('RW');
    expect(codes(searchPhoneCountries('DE'))[0]).toBe('DE');
  });

  it('finds by dial code, with or without the plus', () => {
    expect(codes(searchPhoneCountries('+250'))).toEqual(['RW']);
    expect(codes(searchPhoneCountries('250'))).toEqual(['RW']);
    expect(codes(searchPhoneCountries('+44')).slice(0, 4)).toEqual(['GB', 'GG', 'IM', 'JE']);
    expect(codes(searchPhoneCountries('+1')).slice(0, 2)).toEqual(['US', 'AS']);
  });

  it('narrows shared calling codes by area code and recognises a whole number', () => {
    expect(codes(searchPhoneCountries('+1 809'))[0]).toBe('DO');
    expect(codes(searchPhoneCountries('+250788123456'))).toEqual(['RW']);
  });

  it('lists everything for an empty query and nothing for nonsense', () => {
    expect(searchPhoneCountries('  ')).toHaveLength(phoneCountries.length);
    expect(searchPhoneCountries('qqqq')).toEqual([]);
    expect(searchPhoneCountries('+999')).toEqual([]);
  });
});

describe('flags', () => {
  it('has a bundled SVG for every phone country', () => {
    for (const country of phoneCountries) {
      expect(hasFlagImage(country.code), country.code).toBe(true);
      expect(flagImageUrl(country.code), country.code).toMatch(/\.svg/);
    }
    expect(flagImageUrl('rw')).toMatch(/\brw\.svg/);
    expect(flagImageUrl('AC')).toMatch(/sh-ac\.svg/);
  });

  it('falls back to a neutral flag for unknown codes', () => {
    expect(hasFlagImage('ZZ')).toBe(false);
    expect(flagImageUrl('ZZ')).toMatch(/xx\.svg/);
  });

  it('lists every country with alpha-2, alpha-3 and a flag URL', () => {
    expect(flagCountries.length).toBeGreaterThanOrEqual(phoneCountries.length);
    expect(getFlagCountry('RW')).toEqual({
      name: 'Rwanda',
      iso2: 'RW',
      iso3: 'RWA',
      flag: flagImageUrl('RW'),
    });
    expect(getFlagCountry('gbr')).toMatchObject({
      iso2: 'GB',
      altSpellings: expect.arrayContaining(['UK', 'Great Britain']),
    });
    for (const country of flagCountries) {
      expect(country.iso2).toMatch(/^[A-Z]{2}$/);
      expect(country.iso3).toMatch(/^[A-Z]{3}$/);
      expect(hasFlagImage(country.iso2), country.iso2).toBe(true);
    }
  });
});
