// Prices of what is stored, per GB-month, by product kind: volumes and team images (and whatever else keeps
// bytes: backups add their kind beside these). A GB is the catalog's GB, 1024³ bytes; a month is 730 hours.
import * as v from 'valibot';
import { priceSchema } from './computes';

export const storagePriceSchema = v.object({
  /** The product kind: volume, image, … */
  kind: v.pipe(v.string(), v.nonEmpty()),
  /** What an invoice line calls it: "Volumes", "Team images". */
  name: v.string(),
  /** Per GB for a whole month, in integer minor units of each currency (USD cents, RWF). */
  perGbMonth: priceSchema,
});
export type StoragePrice = v.InferOutput<typeof storagePriceSchema>;

export const storagePriceListSchema = v.object({ storagePrices: v.array(storagePriceSchema) });
