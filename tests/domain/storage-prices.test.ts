// The one rule both sides price stored bytes by: the monthly price per size, an hour's share of it rounded up
// to a whole minor unit, the monthly cap, and an image billed on its file's size in whole GB.
import { describe, expect, it } from 'vitest';
import {
  billedImageGb,
  imageMonthlyCost,
  monthlyStorageCost,
  STORAGE_HOURS_PER_MONTH,
  storageChargeFor,
  storageShareFor,
} from '@/domain/storage-prices';

const volume = { kind: 'volume', name: 'Volumes', perGbMonth: { USD: 10, RWF: 140 } };
const image = { kind: 'image', name: 'Team images', perGbMonth: { USD: 5, RWF: 70 } };

describe('storage prices', () => {
  it('prices a size per GB-month in each currency’s minor units', () => {
    expect(monthlyStorageCost(volume, 10, 'RWF')).toBe(1_400);
    expect(monthlyStorageCost(volume, 10, 'USD')).toBe(100);
  });

  it('charges each started hour its share of the month, rounded up, never past the monthly price', () => {
    expect(storageChargeFor(0, 1_400)).toBe(0);
    expect(storageChargeFor(1, 1_400)).toBe(2);
    expect(storageChargeFor(1, 100)).toBe(1);
    expect(storageChargeFor(STORAGE_HOURS_PER_MONTH, 100)).toBe(100);
    expect(storageShareFor(744, 100)).toBe(102);
    expect(storageChargeFor(744, 100)).toBe(100);
    // Counted on the total, however the hours are split: never more than a unit above the exact share.
    for (const hours of [7, 100, 365, 729]) {
      expect(storageChargeFor(hours, 1_400) - (hours * 1_400) / STORAGE_HOURS_PER_MONTH).toBeLessThan(1);
    }
  });

  it('bills an image on its file in whole GB, at least one', () => {
    expect(billedImageGb(0)).toBe(1);
    expect(billedImageGb(200 * 1024 ** 2)).toBe(1);
    expect(billedImageGb(1024 ** 3)).toBe(1);
    expect(billedImageGb(1024 ** 3 + 1)).toBe(2);
    expect(imageMonthlyCost(image, 3.2 * 1024 ** 3, 'RWF')).toBe(280);
  });
});
