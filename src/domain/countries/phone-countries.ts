// The phone picker's country list (SPEC §3), generated into phone-countries.data.json by
// scripts/generate-countries.ts. Free of Vite-only code, so the server may import it too.
import data from './phone-countries.data.json';

export interface PhoneCountry {
  /** English name, e.g. "Rwanda". */
  name: string;
  /** The international calling code with its plus sign, e.g. "+250"; "+1" for every NANP member. */
  dial_code: string;
  /** ISO 3166-1 alpha-2 code, upper case, e.g. "RW". */
  code: string;
  /** Emoji flag; it shows as two letters where no emoji font is installed, so the UI uses flagImageUrl(). */
  flag: string;
  /** The name in the country's own language, e.g. "Україна". */
  local_name: string;
  /** English name of the main currency, e.g. "Rwandan Franc". */
  currency: string;
  /** ISO 4217 code, e.g. "RWF". */
  currency_code: string;
  /** Narrow symbol, e.g. "RF", "$", "£"; the code itself where the currency has none. */
  currency_symbol: string;
  /** One of SPEC §3's preferred countries, listed first. */
  preferred?: boolean;
  /** Shares its calling code with a main country (Canada with the US on +1, Jersey with the UK on +44). */
  secondary?: boolean;
  /** Alpha-2 code of the country this territory belongs to, e.g. "FI" for Åland. */
  part_of?: string;
  /** The calling code's digits, e.g. "250". */
  country_code: string;
  /** Area codes that tell this country apart within a shared calling code, e.g. ["809", "829", "849"]. */
  area_codes?: string[];
  /** Not in SPEC's field list: other names people search by ("UK", "Ivory Coast", "Burma"). */
  alt_names?: string[];
}

/** What SPEC's country helper returns for each country. */
export interface CountryHelperEntry {
  flag: string;
  dial_code: string;
  code: string;
  name: string;
}

/** The preferred countries first (Australia, India, United Arab Emirates, United Kingdom, United States), then the rest by name. */
export const phoneCountries: readonly PhoneCountry[] = data;

export const preferredPhoneCountries: readonly PhoneCountry[] = phoneCountries.filter(
  (country) => country.preferred,
);

const byCode = new Map(phoneCountries.map((country) => [country.code, country]));

/** The full entry for an alpha-2 code in any case, or undefined for a code the picker doesn't list. */
export function findPhoneCountry(code: string): PhoneCountry | undefined {
  return byCode.get(code.toUpperCase());
}

function helperEntry({ flag, dial_code, code, name }: PhoneCountry): CountryHelperEntry {
  return { flag, dial_code, code, name };
}

/** SPEC's country helper: flag, dial code, code and name of every phone country, in list order. */
export function countryHelper(): CountryHelperEntry[] {
  return phoneCountries.map(helperEntry);
}

/** The helper's entry for one alpha-2 code (any case), or undefined. */
export function getPhoneCountry(code: string): CountryHelperEntry | undefined {
  const country = findPhoneCountry(code);
  return country && helperEntry(country);
}

/** Lower case without accents, so "cote" finds "Côte" and "ÅLAND" finds "Aland". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

interface SearchKeys {
  name: string;
  others: string[];
  code: string;
  /** Calling code, or calling code + area code for each area code. */
  prefixes: string[];
}

function keysFor(country: PhoneCountry): SearchKeys {
  return {
    name: foldForSearch(country.name),
    others: [country.local_name, ...(country.alt_names ?? [])].map(foldForSearch),
    code: country.code.toLowerCase(),
    prefixes: country.area_codes?.map((area) => country.country_code + area) ?? [country.country_code],
  };
}

// Folded once for the built-in list: the picker searches on every keystroke.
const searchKeys = new Map(phoneCountries.map((country) => [country, keysFor(country)]));

const dialCodeQuery = /^\+?[\d\s().-]*\d[\d\s().-]*$/;
const noMatch = Number.POSITIVE_INFINITY;

function dialCodeRank(keys: SearchKeys, country: PhoneCountry, digits: string): number {
  if (country.country_code === digits || keys.prefixes.includes(digits)) return 0;
  if (keys.prefixes.some((prefix) => prefix.startsWith(digits))) return 1;
  // A whole number pasted in: the country whose code it starts with.
  if (keys.prefixes.some((prefix) => digits.startsWith(prefix))) return 2;
  return noMatch;
}

function textRank(keys: SearchKeys, query: string): number {
  if (keys.code === query || keys.name === query || keys.others.includes(query)) return 0;
  if (keys.name.startsWith(query)) return 1;
  if (query.length <= 2 && keys.code.startsWith(query)) return 2;
  const words = [keys.name, ...keys.others].flatMap((text) => text.split(/[\s,()'’.-]+/));
  if (keys.others.some((other) => other.startsWith(query)) || words.some((word) => word.startsWith(query)))
    return 2;
  if (keys.name.includes(query) || keys.others.some((other) => other.includes(query))) return 3;
  return noMatch;
}

/** The keys of a country shown under another name (the language in use's): that name first, then the rest. */
function keysNamed(keys: SearchKeys, shownName: string): SearchKeys {
  const name = foldForSearch(shownName);
  return name === keys.name ? keys : { ...keys, name, others: [keys.name, ...keys.others] };
}

/**
 * Countries matching what someone typed: a name, local or other name ("deutsch", "UK"), an alpha-2
 * code ("rw") or a dial code ("+250", "250", "+1 809"). Case and accents are ignored. Closer matches
 * come first; among equals the list order stays (preferred first, then by name). `shownName` gives the
 * name the picker shows in the language in use ("Allemagne"), searched first, the English one still found.
 */
export function searchPhoneCountries(
  query: string,
  countries: readonly PhoneCountry[] = phoneCountries,
  shownName?: (country: PhoneCountry) => string,
): PhoneCountry[] {
  const folded = foldForSearch(query);
  if (folded === '') return [...countries];
  const digits = dialCodeQuery.test(folded) ? folded.replace(/\D/g, '') : null;
  return countries
    .map((country, index) => {
      const own = searchKeys.get(country) ?? keysFor(country);
      const keys = shownName ? keysNamed(own, shownName(country)) : own;
      const rank = digits === null ? textRank(keys, folded) : dialCodeRank(keys, country, digits);
      return { country, rank, index };
    })
    .filter((match) => match.rank !== noMatch)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((match) => match.country);
}
