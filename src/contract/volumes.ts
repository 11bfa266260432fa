// Volumes: a team's block storage, made in a location with a size in GB, attached to one compute of the same
// location at a time (hot-plugged as a virtio disk while it runs), detached, grown (never shrunk) and deleted
// once detached. Its data stays on it between attachments.
import * as v from 'valibot';
import { formatNumber } from '@/domain/helpers/numbers';
import { t, translated } from '@/i18n/state';
import { uuid, uuidWith } from './ids';

const isoDate = v.pipe(v.string(), v.isoTimestamp());

/** Sizes a volume may have, in GB (the catalog's GB: 1024³ bytes). */
export const MIN_VOLUME_GB = 1;
export const MAX_VOLUME_GB = 16_384;

export const volumeNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(translated('contract.volume.nameRequired')),
  v.maxLength(64, translated('contract.volume.nameTooLong', { max: 64 })),
  v.regex(/^[^\p{Cc}]*$/u, translated('contract.volume.nameControl')),
);

export const volumeSizeSchema = v.pipe(
  v.number(translated('contract.volume.sizeRequired')),
  v.integer(translated('contract.volume.sizeWhole')),
  v.minValue(MIN_VOLUME_GB, translated('contract.volume.sizeMin', { min: MIN_VOLUME_GB })),
  // The largest size as the reader writes numbers ("16,384", "16 384"), in the language of whoever is told.
  v.maxValue(MAX_VOLUME_GB, () => t('contract.volume.sizeMax', { max: formatNumber(MAX_VOLUME_GB) })),
);

/** available: attached to no compute; attached: to `attachedTo`. */
export const volumeStatusSchema = v.picklist(['available', 'attached']);

/** The change under way, if any: the hypervisor is being asked; another change waits until it is done. */
export const volumeOperationSchema = v.picklist([
  'creating',
  'attaching',
  'detaching',
  'growing',
  'deleting',
]);
export type VolumeOperation = v.InferOutput<typeof volumeOperationSchema>;

export const volumeSchema = v.object({
  id: uuid,
  teamId: uuid,
  name: v.string(),
  sizeGb: v.pipe(v.number(), v.integer(), v.minValue(1)),
  locationId: v.string(),
  status: volumeStatusSchema,
  /** The compute it is attached to, or null. */
  attachedTo: v.nullable(v.object({ id: uuid, hostname: v.string() })),
  operation: v.nullable(volumeOperationSchema),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Volume = v.InferOutput<typeof volumeSchema>;

export const volumeEventSchema = v.object({
  action: v.picklist(['created', 'attached', 'detached', 'grown']),
  message: v.string(),
  actor: v.nullable(v.object({ id: uuid, name: v.string() })),
  at: isoDate,
});
export type VolumeEvent = v.InferOutput<typeof volumeEventSchema>;

export const volumeListSchema = v.object({ volumes: v.array(volumeSchema) });
export const volumeAnswerSchema = v.object({ volume: volumeSchema });
export const volumeDetailSchema = v.object({ volume: volumeSchema, history: v.array(volumeEventSchema) });

/** GET …/volumes?computeId=…: only the volumes attached to this compute. */
export const volumeListQuerySchema = v.object({ computeId: v.optional(uuid) });

export const createVolumeRequestSchema = v.object({
  name: volumeNameSchema,
  sizeGb: volumeSizeSchema,
  locationId: v.pipe(v.string(), v.nonEmpty(translated('contract.volume.location'))),
});
export type CreateVolumeRequest = v.InferOutput<typeof createVolumeRequestSchema>;

export const attachVolumeRequestSchema = v.object({
  computeId: uuidWith(translated('contract.volume.compute')),
});

export const growVolumeRequestSchema = v.object({ sizeGb: volumeSizeSchema });

/** The compute statuses a volume may be attached to or detached from: a machine at rest, on or off. */
export const VOLUME_READY_STATUSES = ['running', 'stopped'] as const;

export function computeTakesVolumes(status: string): boolean {
  return (VOLUME_READY_STATUSES as readonly string[]).includes(status);
}
