// Computes (virtual machines) and their catalog: the resource manager's /locations, /operating-systems,
// /instance-types and /teams/:teamId/computes resources (SPEC §1, §2, §3, §9).
import * as v from 'valibot';
import { translated } from '@/i18n/state';
import { computeSortSchema, computeStatusSchema, metricsRangeSchema } from './compute-states';
import { uuid, uuidWith } from './ids';

export * from './compute-states';
export * from './user-data-kind';

const isoDate = v.pipe(v.string(), v.isoTimestamp());

// ── Catalog ──────────────────────────────────────────────────────────────────────────────────────────

export const locationSchema = v.object({
  id: v.string(),
  name: v.string(),
  city: v.string(),
  /** ISO 3166 alpha-2. */
  country: v.string(),
  available: v.boolean(),
});

export const operatingSystemSchema = v.object({
  id: v.string(),
  /** e.g. Ubuntu */
  name: v.string(),
  /** e.g. 24.04 LTS */
  version: v.string(),
  family: v.picklist(['ubuntu', 'debian', 'rocky', 'alma', 'fedora', 'alpine']),
  /** The login user the image's cloud-init sets up (root for every image here). */
  defaultUser: v.string(),
});

/** Prices in both currencies, in integer minor units of each (RWF has none: 1 = 1 franc; USD in cents). */
export const priceSchema = v.object({
  RWF: v.pipe(v.number(), v.integer()),
  USD: v.pipe(v.number(), v.integer()),
});

export const instanceTypeSchema = v.object({
  id: v.string(),
  name: v.string(),
  vcpus: v.pipe(v.number(), v.integer(), v.minValue(1)),
  memoryMb: v.pipe(v.number(), v.integer(), v.minValue(256)),
  diskGb: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Per hour while the compute exists (running or stopped: the resources stay reserved). */
  hourly: priceSchema,
  /** The monthly cap: a compute never costs more than this in a calendar month. */
  monthly: priceSchema,
});

export type Location = v.InferOutput<typeof locationSchema>;
export type OperatingSystem = v.InferOutput<typeof operatingSystemSchema>;
export type InstanceType = v.InferOutput<typeof instanceTypeSchema>;

export const locationListSchema = v.object({ locations: v.array(locationSchema) });
export const operatingSystemListSchema = v.object({ operatingSystems: v.array(operatingSystemSchema) });
export const instanceTypeListSchema = v.object({ instanceTypes: v.array(instanceTypeSchema) });

// ── Computes ─────────────────────────────────────────────────────────────────────────────────────────

/** What the power page can ask for; which ones apply depends on the status. */
export const powerActionSchema = v.picklist(['power_on', 'shutdown', 'power_off', 'reboot']);
export type PowerAction = v.InferOutput<typeof powerActionSchema>;

/** A hostname a compute can have: letters, digits and hyphens, 1–63 characters per label (RFC 1123). */
export const hostnameSchema = v.pipe(
  v.string(translated('contract.computes.hostname.required')),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty(translated('contract.computes.hostname.required')),
  v.maxLength(63, translated('contract.maxLength', { max: 63 })),
  v.regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, translated('contract.computes.hostname.invalid')),
);

/** A tag: lowercase letters, digits, hyphen and underscore (SPEC §5's name pattern), up to 32 characters. */
export const tagSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty(translated('contract.computes.tag.empty')),
  v.maxLength(32, translated('contract.computes.tag.tooLong', { max: 32 })),
  v.regex(/^[a-z0-9_-]+$/, translated('contract.computes.tag.invalid')),
);
export const MAX_TAGS = 20;
export const tagsSchema = v.pipe(
  v.array(tagSchema),
  v.maxLength(MAX_TAGS, translated('contract.computes.tags.tooMany', { max: MAX_TAGS })),
  v.check((tags) => new Set(tags).size === tags.length, translated('contract.computes.tags.unique')),
);

/**
 * A reverse name: a full domain name (at least two labels), lowercase, the trailing dot dropped. Whether
 * it resolves to the address is the server's check (it asks DNS).
 */
export const reverseNameSchema = v.pipe(
  v.string(translated('contract.computes.reverseName.required')),
  v.trim(),
  v.toLowerCase(),
  v.transform((name) => name.replace(/\.$/, '')),
  v.nonEmpty(translated('contract.computes.reverseName.empty')),
  v.maxLength(253, translated('contract.maxLength', { max: 253 })),
  v.regex(
    /^(?=[^.]+\.)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/,
    translated('contract.computes.reverseName.invalid'),
  ),
);

export const reverseDnsSchema = v.object({
  ipv4: v.nullable(v.string()),
  ipv6: v.nullable(v.string()),
});

/**
 * PUT …/computes/:computeId/reverse-dns: for each address, a name (accepted only when its A or AAAA
 * records include the address), null to remove the PTR, or absent to leave it as it is.
 */
export const updateReverseDnsRequestSchema = v.object({
  ipv4: v.optional(v.nullable(reverseNameSchema)),
  ipv6: v.optional(v.nullable(reverseNameSchema)),
});
export type UpdateReverseDnsRequest = v.InferInput<typeof updateReverseDnsRequestSchema>;

export const computeSchema = v.object({
  id: uuid,
  teamId: uuid,
  hostname: v.string(),
  status: computeStatusSchema,
  location: locationSchema,
  operatingSystem: operatingSystemSchema,
  instanceType: instanceTypeSchema,
  /** Public addresses, once assigned (provisioning assigns them). */
  ipv4: v.nullable(v.string()),
  ipv6: v.nullable(v.string()),
  tags: v.array(v.string()),
  authentication: v.picklist(['ssh-key', 'password']),
  /** SHA256 fingerprint of the SSH key, for key authentication. */
  sshKeyFingerprint: v.nullable(v.string()),
  /** The port `ssh` must use when it is not 22 (a host that publishes its guests through port forwards). */
  sshPort: v.optional(v.nullable(v.pipe(v.number(), v.integer())), null),
  /** How the hypervisor runs the machine: kvm, or emulated (plain QEMU, slower); null on the simulator. */
  acceleration: v.optional(v.nullable(v.picklist(['kvm', 'emulated'])), null),
  /**
   * Whether it has user-data, and which kind; null when none. The text itself (up to 64 KiB) is read from
   * GET …/computes/:computeId/user-data, so lists and live updates stay small.
   */
  userDataKind: v.optional(v.nullable(v.picklist(['cloud-config', 'script'])), null),
  /** The reverse name (PTR) each address answers with in our reverse zones; null: none. */
  reverseDns: v.optional(reverseDnsSchema, { ipv4: null, ipv6: null }),
  createdAt: isoDate,
  createdBy: v.nullable(v.object({ id: uuid, name: v.string() })),
  /** Changes with every change to the compute, for optimistic concurrency and cache updates. */
  updatedAt: isoDate,
});
export type Compute = v.InferOutput<typeof computeSchema>;

/** A compute's user-data (#cloud-config or a script) as written at create or rebuild; null when none. */
export const computeUserDataSchema = v.object({ userData: v.nullable(v.string()) });

/** SSH public key as pasted: type, base64 body, optional comment. */
export const sshPublicKeySchema = v.pipe(
  v.string(translated('contract.computes.sshKey.required')),
  v.trim(),
  v.nonEmpty(translated('contract.computes.sshKey.required')),
  v.maxLength(16_384, translated('contract.computes.sshKey.tooLong')),
  v.regex(
    /^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp256|ecdsa-sha2-nistp384|ecdsa-sha2-nistp521|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com) [A-Za-z0-9+/]+={0,3}( [^\r\n]*)?$/,
    translated('contract.computes.sshKey.invalid'),
  ),
);

/** How root signs in: SSH keys (pasted, saved or both) or a generated password (at create and at rebuild). */
export const computeAuthenticationSchema = v.variant('method', [
  /** A pasted key, saved keys (GET …/teams/:teamId/ssh-keys), or both: every one may sign in as root. */
  v.pipe(
    v.object({
      method: v.literal('ssh-key'),
      publicKey: v.optional(sshPublicKeySchema),
      keyIds: v.optional(
        v.pipe(
          v.array(uuidWith(translated('contract.computes.keyIds.invalid'))),
          v.maxLength(10, translated('contract.computes.keyIds.tooMany', { max: 10 })),
        ),
        [],
      ),
    }),
    v.forward(
      v.check(
        (auth) => auth.publicKey !== undefined || auth.keyIds.length > 0,
        translated('contract.computes.authentication.keyNeeded'),
      ),
      ['publicKey'],
    ),
  ),
  /** The server generates a root password and shows it once in the answer. */
  v.object({ method: v.literal('password') }),
]);

/** 201 to a create: the compute, and the generated root password (only ever sent this once). */
export const createdComputeSchema = v.object({
  compute: computeSchema,
  rootPassword: v.nullable(v.string()),
});

/**
 * 202 to entering rescue mode: the compute, and the rescue system's one-time root password (only ever sent
 * this once; the compute's SSH keys sign in too).
 */
export const rescuedComputeSchema = v.object({
  compute: computeSchema,
  rootPassword: v.string(),
});

export const computeListQuerySchema = v.object({
  search: v.optional(v.pipe(v.string(), v.maxLength(100))),
  status: v.optional(computeStatusSchema),
  location: v.optional(v.pipe(v.string(), v.maxLength(50))),
  tag: v.optional(v.pipe(v.string(), v.maxLength(32))),
  sort: v.optional(computeSortSchema, 'created_desc'),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(200))),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(500)),
  ),
});

export const computeListSchema = v.object({
  computes: v.array(computeSchema),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: v.nullable(v.string()),
  /** How many computes match the filters, across all pages. */
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

export const powerActionRequestSchema = v.object({ type: powerActionSchema });
/** Another plan for a stopped compute: vCPUs and memory up or down, the disk only grows. */
export const resizeComputeRequestSchema = v.object({
  instanceTypeId: v.pipe(
    v.string(translated('contract.computes.plan.required')),
    v.nonEmpty(translated('contract.computes.plan.required')),
  ),
});
export const updateTagsRequestSchema = v.object({ tags: tagsSchema });
/** Destroying asks for the hostname again, so a script or a slip cannot destroy the wrong compute. */
export const destroyComputeRequestSchema = v.object({
  confirmHostname: v.pipe(v.string(), v.trim(), v.toLowerCase()),
});

// ── History and monitoring ───────────────────────────────────────────────────────────────────────────

export const computeEventSchema = v.object({
  id: uuid,
  at: isoDate,
  /** create, power_on, shutdown, power_off, reboot, rebuild, resize, rescue, unrescue, destroy, tags, reverse_dns, or a system event (recovered, failed). */
  action: v.string(),
  actor: v.nullable(v.object({ id: uuid, name: v.string() })),
  result: v.picklist(['in-progress', 'succeeded', 'failed']),
  message: v.nullable(v.string()),
  completedAt: v.nullable(isoDate),
});
export const computeHistorySchema = v.object({ events: v.array(computeEventSchema) });
export type ComputeEvent = v.InferOutput<typeof computeEventSchema>;

/** Time series as parallel arrays (compact for 30 days of points): one value per timestamp. */
export const computeMetricsSchema = v.object({
  range: metricsRangeSchema,
  stepSeconds: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /**
   * How many points hold a reading (the compute ran during their step). The others are null before the
   * compute existed and 0 while it was off or not yet sampled, so the values alone cannot tell a new
   * compute's first minute from an idle one.
   */
  readings: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Unix seconds, each the end of the step its point covers. */
  timestamps: v.array(v.number()),
  /** Percent of the compute's vCPUs. */
  cpu: v.array(v.nullable(v.number())),
  /** Percent of the compute's memory. */
  memory: v.array(v.nullable(v.number())),
  /** Bytes per second. */
  diskRead: v.array(v.nullable(v.number())),
  diskWrite: v.array(v.nullable(v.number())),
  networkIn: v.array(v.nullable(v.number())),
  networkOut: v.array(v.nullable(v.number())),
});
export type ComputeMetrics = v.InferOutput<typeof computeMetricsSchema>;
