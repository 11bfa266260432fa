// Country reference data (SPEC §3): the phone picker's list with its helper and search, and the flags list.
// Import from the narrower modules where the bundle matters: phone-countries.ts does not pull the flags list.

export { type FlagCountry, flagCountries, getFlagCountry } from './flag-countries';
export { flagImageUrl, hasFlagImage } from './flag-images';
export {
  type CountryHelperEntry,
  countryHelper,
  findPhoneCountry,
  foldForSearch,
  getPhoneCountry,
  type PhoneCountry,
  phoneCountries,
  preferredPhoneCountries,
  searchPhoneCountries,
} from './phone-countries';
