import * as v from 'valibot';

export const healthSchema = v.object({
  status: v.picklist(['ok', 'degraded']),
  database: v.picklist(['up', 'down']),
  uptimeSeconds: v.number(),
});

export type Health = v.InferOutput<typeof healthSchema>;
