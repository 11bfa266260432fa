// The requests that carry user-data (creating and rebuilding a compute), apart from the rest of the compute
// contract: checking user-data parses YAML, and the parser should load only with the forms that need it,
// not with every page that shows a compute (the socket, the lists).
import * as v from 'valibot';
import { translated } from '@/i18n/state';
import { computeAuthenticationSchema, hostnameSchema, tagsSchema } from './computes';
import { uuidWith } from './ids';
import { userDataSchema } from './user-data';

export const createComputeRequestSchema = v.object({
  hostname: hostnameSchema,
  locationId: v.pipe(v.string(), v.nonEmpty(translated('contract.computes.location.required'))),
  operatingSystemId: v.pipe(v.string(), v.nonEmpty(translated('contract.computes.image.required'))),
  instanceTypeId: v.pipe(v.string(), v.nonEmpty(translated('contract.computes.plan.required'))),
  authentication: computeAuthenticationSchema,
  tags: v.optional(tagsSchema, []),
  /**
   * Run by the image's cloud-init at first boot beside our own settings: a `#cloud-config` document or a
   * `#!` script, up to 64 KiB of UTF-8 (src/contract/user-data.ts). Absent or null: none.
   */
  userData: v.optional(v.nullable(userDataSchema)),
  /**
   * One of the team's available images to copy the disk from instead of the catalog's; the compute then
   * runs the image's operating system (operatingSystemId is taken from the image) and needs a plan whose
   * disk holds the image's virtual disk. Absent or null: the catalog's image.
   */
  imageId: v.optional(v.nullable(uuidWith(translated('contract.computes.imageId.invalid')))),
});

/**
 * Rebuilding reinstalls the compute from an image (the same or another) with new sign-in details, keeping
 * its id, hostname, addresses and plan. The hostname is typed again, as for destroy.
 */
export const rebuildComputeRequestSchema = v.object({
  operatingSystemId: v.pipe(v.string(), v.nonEmpty(translated('contract.computes.image.required'))),
  authentication: computeAuthenticationSchema,
  confirmHostname: v.pipe(v.string(), v.trim(), v.toLowerCase()),
  /** The compute's user-data on the new disk: absent keeps what it has, a string replaces it, null removes it. */
  userData: v.optional(v.nullable(userDataSchema)),
});
export type RebuildComputeInput = v.InferInput<typeof rebuildComputeRequestSchema>;
