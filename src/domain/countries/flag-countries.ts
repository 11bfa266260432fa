// The flags country list (SPEC §3), generated into flag-countries.data.json by scripts/generate-countries.ts.
import data from './flag-countries.data.json';
import { flagImageUrl } from './flag-images';

export interface FlagCountry {
  /** English name, e.g. "Rwanda". */
  name: string;
  /**
   * What a person from there is called. Optional and, for now, never set: none of the installed
   * packages (countries-list, libphonenumber-js, Intl) carries demonyms.
   */
  demonym?: string;
  /** URL of the bundled SVG flag (see flagImageUrl). */
  flag: string;
  /** ISO 3166-1 alpha-2 code, upper case. */
  iso2: string;
  /** ISO 3166-1 alpha-3 code, upper case. */
  iso3: string;
  /** Former, short and native names, e.g. ["UK", "Britain", "Great Britain"]. */
  altSpellings?: string[];
}

/** Every country and territory with an ISO code (Kosovo's user-assigned XK included), by name. */
export const flagCountries: readonly FlagCountry[] = data.map((country) => ({
  ...country,
  flag: flagImageUrl(country.iso2),
}));

const byIso2 = new Map(flagCountries.map((country) => [country.iso2, country]));
const byIso3 = new Map(flagCountries.map((country) => [country.iso3, country]));

/** The entry for an alpha-2 or alpha-3 code, in any case. */
export function getFlagCountry(code: string): FlagCountry | undefined {
  const upper = code.toUpperCase();
  return upper.length === 3 ? byIso3.get(upper) : byIso2.get(upper);
}
