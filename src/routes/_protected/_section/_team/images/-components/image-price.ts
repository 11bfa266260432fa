// What keeping an image costs, as the Images page, the upload and the capture say it before anything is
// kept: per GB-month of the image's file (src/domain/storage-prices.ts, the rule the server charges by).
import type { StoragePrice } from '@/contract/storage-prices';
import type { Currency } from '@/contract/teams';
import { formatMoney } from '@/domain/money';
import { billedImageGb, imageMonthlyCost, monthlyStorageCost } from '@/domain/storage-prices';
import { t } from '@/i18n';

/** "RWF 70 a month" for an image whose file holds `sizeBytes`; null without a price. */
export function imageMonthlyPrice(
  price: StoragePrice | undefined,
  sizeBytes: number,
  currency: Currency,
): string | null {
  if (!price) return null;
  return t('images.price.perMonth', {
    price: formatMoney(imageMonthlyCost(price, sizeBytes, currency), currency),
  });
}

/** "RWF 70 per GB-month" */
export function perGbMonth(price: StoragePrice, currency: Currency): string {
  return t('images.price.perGbMonth', {
    price: formatMoney(monthlyStorageCost(price, 1, currency), currency),
  });
}

/** The GB an image of `sizeBytes` is billed for: "1 GB" for a file under one. */
export function billedSize(sizeBytes: number): string {
  return t('images.price.gigabytes', { count: billedImageGb(sizeBytes) });
}
