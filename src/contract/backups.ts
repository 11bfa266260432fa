// Backups of a compute: turned on or off per compute (priced as a share of its plan), made daily by the
// leading server and on demand, kept up to the operator's retention; restored onto the compute (stopped) or
// into a new compute.
import * as v from 'valibot';
import { hostnameSchema, priceSchema } from './computes';
import { uuid } from './ids';

const isoDate = v.pipe(v.string(), v.isoTimestamp());

/** creating: being copied; available: may be restored; failed: see message (no file was kept). */
export const backupStatusSchema = v.picklist(['creating', 'available', 'failed']);
export type BackupStatus = v.InferOutput<typeof backupStatusSchema>;

export const backupSchema = v.object({
  id: uuid,
  teamId: uuid,
  computeId: uuid,
  status: backupStatusSchema,
  /** scheduled: the daily backup; manual: "Back up now". */
  kind: v.picklist(['scheduled', 'manual']),
  /** The file's size once available (a qcow2 of what the disk held). */
  sizeBytes: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** The disk's size as the guest saw it: a compute restored from it needs a plan with at least this disk. */
  virtualSizeBytes: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** Why it failed; null otherwise. */
  message: v.nullable(v.string()),
  createdAt: isoDate,
  completedAt: v.nullable(isoDate),
});
export type Backup = v.InferOutput<typeof backupSchema>;

export const backupSettingsSchema = v.object({
  computeId: uuid,
  enabled: v.boolean(),
  /** What backups add to the compute's price, in both currencies (a share of its plan's). */
  price: v.object({ hourly: priceSchema, monthly: priceSchema, sharePercent: v.number() }),
  /** How many backups are kept (the operator's setting); older ones are deleted with their files. */
  retention: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** When the next daily backup is due; null while backups are off. */
  nextBackupAt: v.nullable(isoDate),
  /** A restore onto this compute under way (it stays stopped until it is done), or null. */
  restoringBackupId: v.nullable(uuid),
});
export type BackupSettings = v.InferOutput<typeof backupSettingsSchema>;

export const backupListSchema = v.object({
  settings: backupSettingsSchema,
  /** Newest first. */
  backups: v.array(backupSchema),
});
export type BackupList = v.InferOutput<typeof backupListSchema>;

export const updateBackupSettingsRequestSchema = v.object({ enabled: v.boolean() });

export const restoreBackupRequestSchema = v.variant('target', [
  /** Onto the compute the backup is of: its disk is replaced. It must be stopped (409 otherwise). */
  v.object({ target: v.literal('this') }),
  /**
   * Into a new compute with this hostname, of the same plan, location and operating system, signing in as
   * the compute did (its SSH keys, or a new root password shown once).
   */
  v.object({ target: v.literal('new'), hostname: hostnameSchema }),
]);
export type RestoreBackupRequest = v.InferInput<typeof restoreBackupRequestSchema>;

export const restoreBackupResponseSchema = v.variant('target', [
  v.object({ target: v.literal('this'), backup: backupSchema }),
  v.object({
    target: v.literal('new'),
    computeId: uuid,
    /** Only for a compute signing in with a password, only on this answer. */
    rootPassword: v.nullable(v.string()),
  }),
]);
export type RestoreBackupResponse = v.InferOutput<typeof restoreBackupResponseSchema>;
