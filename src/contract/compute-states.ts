// The computes contract's picklists the routes' search parameters use (list filters, chart range). They live apart from ./computes so
// the console's entry chunk, which holds every route's search validation, does not carry the whole contract.
import * as v from 'valibot';

export const computeStatusSchema = v.picklist([
  'provisioning',
  'running',
  'stopping',
  'stopped',
  'starting',
  'rebooting',
  'rebuilding',
  'resizing',
  'entering_rescue',
  'rescue',
  'leaving_rescue',
  'destroying',
  'destroyed',
  'error',
  // The compute's hypervisor host does not answer: its state is not known (src/domain/compute-lifecycle.ts).
  'unreachable',
]);
export type ComputeStatus = v.InferOutput<typeof computeStatusSchema>;

export const computeSortSchema = v.picklist([
  'created_desc',
  'created_asc',
  'hostname_asc',
  'hostname_desc',
  'status_asc',
]);

export const metricsRangeSchema = v.picklist(['1h', '24h', '7d', '30d']);
export type MetricsRange = v.InferOutput<typeof metricsRangeSchema>;
