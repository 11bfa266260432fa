// What keeping an image costs, as the Images page, the upload and the capture say it before anything is
// kept: per GB-month of the image's file (src/domain/storage-prices.ts, the rule the server charges by).
import type { StoragePrice } from '@/contract/storage-prices';
import type { Currency } from '@/contract/teams';
import { formatMoney } from '@/domain/money';
import { billedImageGb, imageMonthlyCost, monthlyStorageCost } from '@/domain/storage-prices';

/** "RWF 70 a month" for an image whose file holds `sizeBytes`; null without a price. */
export function imageMonthlyPrice(
  price: StoragePrice | undefined,
  sizeBytes: number,
  currency: Currency,
): string | null {
  if (!price) return null;
  return `${formatMoney(imageMonthlyCost(price, sizeBytes, currency), currency)} a month`;
}

/** "RWF 70 per GB-month" */
export function perGbMonth(price: StoragePrice, currency: Currency): string {
  return `${formatMoney(monthlyStorageCost(price, 1, currency), currency)} per GB-month`;
}

/** The GB an image of `sizeBytes` is billed for: "1 GB" for a file under one. */
export function billedSize(sizeBytes: number): string {
  return `${billedImageGb(sizeBytes)} GB`;
}
