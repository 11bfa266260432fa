// Team images: a stopped compute's disk captured as a standalone qcow2, or one the team uploads (qcow2 or
// raw, checked before it is kept); listed, renamed, deleted, downloaded, and offered when creating a compute.
import * as v from 'valibot';
import { translated } from '@/i18n/state';
import { uuid, uuidWith } from './ids';

const isoDate = v.pipe(v.string(), v.isoTimestamp());

/** creating: being captured or checked; available: computes may be made from it; failed: see message. */
export const imageStatusSchema = v.picklist(['creating', 'available', 'failed']);
export type ImageStatus = v.InferOutput<typeof imageStatusSchema>;

export const imageNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(translated('contract.image.nameRequired')),
  v.maxLength(64, translated('contract.image.nameTooLong', { max: 64 })),
  v.regex(/^[^\p{Cc}]*$/u, translated('contract.image.nameControl')),
);

export const imageSchema = v.object({
  id: uuid,
  teamId: uuid,
  name: v.string(),
  status: imageStatusSchema,
  /** capture: from a compute's disk; upload: sent by the team. */
  source: v.picklist(['capture', 'upload']),
  /** The compute it was captured from (it may since have been destroyed), with its hostname then. */
  sourceComputeId: v.nullable(uuid),
  sourceHostname: v.nullable(v.string()),
  /** The catalog's operating system the image runs (its cloud-init family): the compute's, or the uploader's choice. */
  operatingSystemId: v.string(),
  /** The file's size (what a download sends), once available. */
  sizeBytes: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** The disk's size as a guest sees it: a compute made from it needs a plan with at least this disk. */
  virtualSizeBytes: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** Why it failed, or what is happening; null otherwise. */
  message: v.nullable(v.string()),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Image = v.InferOutput<typeof imageSchema>;

export const imageListSchema = v.object({ images: v.array(imageSchema) });

/** A link that downloads an image's file without signing in (for the browser's own downloads), and its end. */
export const imageDownloadLinkSchema = v.object({
  url: v.string(),
  expiresAt: v.pipe(v.string(), v.isoTimestamp()),
});

export const captureImageRequestSchema = v.object({
  /** A stopped compute of the team. */
  computeId: uuidWith(translated('contract.image.compute')),
  name: imageNameSchema,
});

export const renameImageRequestSchema = v.object({ name: imageNameSchema });

/** The query of an upload (its body is the image file itself, qcow2 or raw). */
export const uploadImageQuerySchema = v.object({
  name: imageNameSchema,
  operatingSystemId: v.pipe(v.string(), v.nonEmpty(translated('contract.image.operatingSystem'))),
});

/** Largest virtual disk an image may have (what a guest sees), in bytes: the largest plan's disk. */
export const MAX_IMAGE_VIRTUAL_BYTES = 1280 * 1024 ** 3;

/** The smallest plan disk, in GB (the catalog's GB: 1024³ bytes), that holds an image of `virtualSizeBytes`. */
export function minDiskGbOf(virtualSizeBytes: number): number {
  return Math.max(1, Math.ceil(virtualSizeBytes / 1024 ** 3));
}
