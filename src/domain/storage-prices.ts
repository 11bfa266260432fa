// What stored bytes cost, once for both sides: the monthly price of a volume or a team image (the console
// shows it before anything is made, grown, captured or uploaded) and what the server's metering charges for
// the hours one existed in a calendar month (server/billing/storage-metering.ts). As DigitalOcean and
// Hetzner bill volumes and snapshots: by the started hour at the monthly price's hourly share, never more
// than the monthly price in a calendar month (UTC).
import type { StoragePrice } from '@/contract/storage-prices';
import type { Currency } from '@/contract/teams';

/** A month of storage is this many hours (365 × 24 / 12); a month of 744 hours reaches the cap at 730. */
export const STORAGE_HOURS_PER_MONTH = 730;

/** A GB is 1024³ bytes, as the catalog's sizes are. */
export const BYTES_PER_GB = 1024 ** 3;

/** Which bytes of an image are billed: the file kept (see the README, "Team images"). */
export function billedImageGb(sizeBytes: number): number {
  return Math.max(1, Math.ceil(sizeBytes / BYTES_PER_GB));
}

/** What `sizeGb` of this kind costs in a whole month, in minor units of the currency. */
export function monthlyStorageCost(price: StoragePrice, sizeGb: number, currency: Currency): number {
  return Math.ceil(price.perGbMonth[currency] * sizeGb);
}

/** What an image whose file holds `sizeBytes` costs in a whole month (its billed GB, rounded up). */
export function imageMonthlyCost(price: StoragePrice, sizeBytes: number, currency: Currency): number {
  return monthlyStorageCost(price, billedImageGb(sizeBytes), currency);
}

/**
 * The hours' share of a month whose price is `monthlyMinor`, each started fraction of a minor unit charged
 * as a whole one (so it never exceeds the exact share by a unit), before the cap.
 */
export function storageShareFor(hours: number, monthlyMinor: number): number {
  if (hours <= 0 || monthlyMinor <= 0) return 0;
  return Math.floor((hours * monthlyMinor + STORAGE_HOURS_PER_MONTH - 1) / STORAGE_HOURS_PER_MONTH);
}

/**
 * What `hours` started hours of one size cost in a calendar month whose monthly price is `monthlyMinor`:
 * their share, never more than the monthly price. Counted on the month's total hours at that size, so
 * however the sweep splits them the sum is the same.
 */
export function storageChargeFor(hours: number, monthlyMinor: number): number {
  return Math.min(monthlyMinor, storageShareFor(hours, monthlyMinor));
}
