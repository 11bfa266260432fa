// Writes the committed country reference data (SPEC §3) from installed packages:
// `npx tsx scripts/generate-countries.ts`. Run it again after updating countries-list or libphonenumber-js.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getCountryDataList, getEmojiFlag, type ICountryData } from 'countries-list';
import { getCountries, getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/min/metadata';

const outDir = join(import.meta.dirname, '../src/domain/countries');

/** SPEC §3: shown first in the phone picker, in this order. The only hand-written data. */
const preferred = ['AU', 'IN', 'AE', 'GB', 'US'];

const regionNames = new Intl.DisplayNames('en', { type: 'region' });
const shortRegionNames = new Intl.DisplayNames('en', { type: 'region', style: 'short' });
const currencyNames = new Intl.DisplayNames('en', { type: 'currency' });

const stripAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

/**
 * countries-list spells names in plain ASCII ("Curacao", "Reunion"); CLDR's names keep the accents but
 * use forms a picker reads badly ("Congo - Kinshasa", "St. Lucia"). Take CLDR's only where the two agree
 * once accents are ignored.
 */
function englishName(country: ICountryData): string {
  const cldr = regionNames.of(country.iso2);
  return cldr && stripAccents(cldr) === country.name ? cldr : country.name;
}

/** Other names people search for: former and short names, CLDR's spelling and the native one. */
function altSpellings(country: ICountryData & { listedName: string }): string[] {
  const candidates = [
    country.listedName,
    ...(country.alias ?? []),
    regionNames.of(country.iso2),
    shortRegionNames.of(country.iso2),
    country.native,
  ];
  // Search ignores case and accents, so a spelling that differs only in those adds nothing.
  const key = (text: string) => stripAccents(text).toLowerCase();
  const seen = new Set([key(country.name)]);
  return candidates.filter((candidate): candidate is string => {
    if (!candidate || seen.has(key(candidate))) return false;
    seen.add(key(candidate));
    return true;
  });
}

function currencySymbol(code: string): string {
  const parts = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(1);
  return parts.find((part) => part.type === 'currency')?.value ?? code;
}

/** libphonenumber-js lists the countries sharing a calling code with the main one first (US for +1). */
const mainCountryByCallingCode = new Map(
  Object.entries(metadata.country_calling_codes).map(([code, countries]) => [code, countries[0]]),
);

const warnings: string[] = [];
const countries = getCountryDataList()
  .map((country) => ({ ...country, name: englishName(country), listedName: country.name }))
  .sort(byName);

const phoneCountries = countries.flatMap((country) => {
  // Only countries whose numbers libphonenumber-js can check: no SMS reaches Antarctica or Bouvet Island.
  if (!isSupportedCountry(country.iso2)) {
    warnings.push(`${country.iso2}: not in libphonenumber-js, left out of the phone list`);
    return [];
  }
  const callingCode = getCountryCallingCode(country.iso2);
  const listed = country.phone.map(String);
  if (!listed.some((code) => code.startsWith(callingCode)))
    warnings.push(
      `${country.iso2}: countries-list says +${listed.join(', +')}, libphonenumber-js +${callingCode}`,
    );
  // countries-list writes NANP members with their area code (+1 809); the rest is that area code.
  const areaCodes = listed
    .filter((code) => code.startsWith(callingCode) && code.length > callingCode.length)
    .map((code) => code.slice(callingCode.length));
  const currencyCode = country.currency[0];
  if (!currencyCode) throw new Error(`${country.iso2} has no currency`);
  const alt = altSpellings(country).filter((spelling) => spelling !== country.native);
  return [
    {
      name: country.name,
      dial_code: `+${callingCode}`,
      code: country.iso2,
      flag: getEmojiFlag(country.iso2),
      local_name: country.native,
      currency: currencyNames.of(currencyCode) ?? currencyCode,
      currency_code: currencyCode,
      currency_symbol: currencySymbol(currencyCode),
      ...(preferred.includes(country.iso2) ? { preferred: true } : {}),
      ...(mainCountryByCallingCode.get(callingCode) === country.iso2 ? {} : { secondary: true }),
      ...(country.partOf ? { part_of: country.partOf } : {}),
      country_code: callingCode,
      ...(areaCodes.length > 0 ? { area_codes: areaCodes } : {}),
      ...(alt.length > 0 ? { alt_names: alt } : {}),
    },
  ];
});

const preferredFirst = [
  ...preferred.map((code) => {
    const country = phoneCountries.find((candidate) => candidate.code === code);
    if (!country) throw new Error(`Preferred country ${code} is missing`);
    return country;
  }),
  ...phoneCountries.filter((country) => !preferred.includes(country.code)),
];

const flagCountries = countries.map((country) => {
  const alt = altSpellings(country);
  return {
    name: country.name,
    iso2: country.iso2,
    iso3: country.iso3,
    ...(alt.length > 0 ? { altSpellings: alt } : {}),
  };
});

for (const code of getCountries())
  if (!countries.some((country) => country.iso2 === code))
    warnings.push(`${code}: in libphonenumber-js but not in countries-list`);

const files = {
  'phone-countries.data.json': preferredFirst,
  'flag-countries.data.json': flagCountries,
};
const paths = Object.entries(files).map(([file, entries]) => {
  const path = join(outDir, file);
  writeFileSync(path, JSON.stringify(entries));
  return path;
});
// Laid out as the linter wants, so a regenerated file differs only where the data does; Vite minifies it.
execFileSync(join(import.meta.dirname, '../node_modules/.bin/biome'), ['format', '--write', ...paths], {
  stdio: 'ignore',
});

console.log(`${preferredFirst.length} phone countries, ${flagCountries.length} flag countries`);
for (const warning of warnings) console.log(`note: ${warning}`);
