// Country reference data (SPEC §3): the phone picker's list with its helper and search, and the flags list.
// Import from the narrower modules where the bundle matters: phone-countries.ts does not pull the flags list.

export { flagCountries, getFlagCountry } from './flag-countries';
export { flagImageUrl, hasFlagImage } from './flag-images';
export {
  countryHelper,
  findPhoneCountry,
  getPhoneCountry,
  phoneCountries,
  preferredPhoneCountries,
  searchPhoneCountries,
} from './phone-countries';
