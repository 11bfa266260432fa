// The operator endpoints (/ops/api/v1) that `npm run ops` talks to: reviewing team verification requests,
// the hypervisor hosts and which computes each holds, draining a host.
// The console never calls them; they take the operator token instead of a session.
import * as v from 'valibot';
import { computeStatusSchema } from './compute-states';
import { uuid } from './ids';
import { teamVerificationSchema, verificationStatusSchema } from './teams';

const isoDate = v.pipe(v.string(), v.isoTimestamp());

export const verificationDecisionSchema = v.picklist(['approve', 'reject', 'request-info']);
export type VerificationDecision = v.InferOutput<typeof verificationDecisionSchema>;

export const verificationDecisionRequestSchema = v.object({
  decision: verificationDecisionSchema,
  /** Sent to the team's owners with the decision. */
  message: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(2000, 'Keep the message to at most 2000 characters.')),
  ),
});

export const verificationRequestListQuerySchema = v.object({
  status: v.optional(verificationStatusSchema, 'PENDING'),
});

export const verificationRequestSummarySchema = v.object({
  teamId: uuid,
  teamName: v.string(),
  status: verificationStatusSchema,
  legalName: v.nullable(v.string()),
  submittedAt: v.nullable(isoDate),
});
export const verificationRequestListSchema = v.object({
  requests: v.array(verificationRequestSummarySchema),
});

export const operatorTeamVerificationSchema = v.object({
  team: v.object({ id: uuid, name: v.string(), createdAt: isoDate }),
  owners: v.array(v.object({ name: v.string(), email: v.string() })),
  verification: teamVerificationSchema,
});

export type OperatorTeamVerification = v.InferOutput<typeof operatorTeamVerificationSchema>;

// ── Hypervisor hosts (libvirt) ────────────────────────────────────────────────────────────────────────

const size = v.object({ vcpus: v.number(), memoryMb: v.number(), diskGb: v.number() });

export const operatorHostSchema = v.object({
  name: v.string(),
  location: v.string(),
  /** The libvirt connection URI (qemu:///system, qemu+ssh://…). */
  uri: v.string(),
  /** libvirt on the host answered the last probe. */
  reachable: v.boolean(),
  /** Why it takes no new computes (unreachable, no storage pool), or null. */
  problem: v.nullable(v.string()),
  acceleration: v.picklist(['kvm', 'emulated']),
  /** Drained by an operator: takes no new computes. */
  drained: v.boolean(),
  capacity: size,
  /** What its computes hold (running or stopped). */
  used: size,
  computes: v.array(
    v.object({
      id: uuid,
      hostname: v.string(),
      teamId: uuid,
      teamName: v.string(),
      status: computeStatusSchema,
    }),
  ),
});
export type OperatorHost = v.InferOutput<typeof operatorHostSchema>;

export const operatorHostListSchema = v.object({
  /** The compute driver; the simulator has no hosts. */
  driver: v.string(),
  hosts: v.array(operatorHostSchema),
});

export const hostDrainResultSchema = v.object({
  host: v.string(),
  /** Stopped computes moved to another host, with how long each took. */
  moved: v.array(v.object({ id: uuid, to: v.string(), seconds: v.number() })),
  /** Computes still on the host, and why (running, busy, no room elsewhere, the copy failed…). */
  stayed: v.array(v.object({ id: uuid, reason: v.string() })),
});
export type HostDrainResult = v.InferOutput<typeof hostDrainResultSchema>;
