// Teams, members, invitations, team verification, limits and the audit log: the user service's /teams,
// /invitations and /users/me/invitations resources (SPEC §1, §3, §4, §6).
import * as v from 'valibot';
import { translated } from '@/i18n/state';
import { emailSchema, roleSchema } from './auth';
import { uuid } from './ids';

const isoDate = v.pipe(v.string(), v.isoTimestamp());

export const currencySchema = v.picklist(['RWF', 'USD']);
export type Currency = v.InferOutput<typeof currencySchema>;
export const DEFAULT_CURRENCY: Currency = 'RWF';

/** SPEC §3: the member role list (what an invitation or a role change may give). */
export const memberRoleSchema = v.picklist(['MEMBER', 'ADMIN']);
export type MemberRole = v.InferOutput<typeof memberRoleSchema>;

export const memberStatusSchema = v.picklist(['ACTIVE', 'PENDING', 'INACTIVE']);

export const verificationStatusSchema = v.picklist([
  'UNVERIFIED',
  'VERIFIED',
  'PENDING',
  'REJECTED',
  'ADDITIONAL_INFO_REQUESTED',
]);
export type VerificationStatus = v.InferOutput<typeof verificationStatusSchema>;

export const teamNameSchema = v.pipe(
  v.string(translated('contract.teamName.required')),
  v.trim(),
  v.nonEmpty(translated('contract.teamName.required')),
  v.maxLength(80, translated('contract.maxLength', { max: 80 })),
);

// ── Teams ────────────────────────────────────────────────────────────────────────────────────────────

export const teamSchema = v.object({
  id: uuid,
  name: v.string(),
  currency: currencySchema,
  verificationStatus: verificationStatusSchema,
  /** Set by the owner: members who do not use two-factor sign-in cannot reach the team until they do. */
  requireTwoFactor: v.boolean(),
  /** The caller's role in this team. */
  role: roleSchema,
  memberCount: v.pipe(v.number(), v.integer(), v.minValue(1)),
  createdAt: isoDate,
});
export const teamListSchema = v.object({ teams: v.array(teamSchema) });
export const createTeamRequestSchema = v.object({
  name: teamNameSchema,
  currency: v.optional(currencySchema, DEFAULT_CURRENCY),
});
export const updateTeamRequestSchema = v.pipe(
  v.object({ name: v.optional(teamNameSchema), currency: v.optional(currencySchema) }),
  v.check(
    (body) => body.name !== undefined || body.currency !== undefined,
    translated('contract.team.nothingToChange'),
  ),
);

// ── Members ──────────────────────────────────────────────────────────────────────────────────────────

export const memberSchema = v.object({
  userId: uuid,
  name: v.string(),
  email: v.string(),
  role: roleSchema,
  status: memberStatusSchema,
  joinedAt: isoDate,
  /** Whether they use two-factor sign-in: told to the team's owner only (who may require it). */
  twoFactor: v.optional(v.boolean()),
});
export const memberListSchema = v.object({ members: v.array(memberSchema) });
export const changeRoleRequestSchema = v.object({ role: memberRoleSchema });
export const transferOwnershipRequestSchema = v.object({ userId: uuid });
/** The owner's switch: every member must use two-factor sign-in to reach the team. */
export const twoFactorRequirementRequestSchema = v.object({
  required: v.boolean(translated('contract.team.twoFactorChoice')),
});

// ── Invitations ──────────────────────────────────────────────────────────────────────────────────────

export const INVITATION_TTL_DAYS = 7;

export const invitationStatusSchema = v.picklist(['PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED', 'EXPIRED']);

export const invitationSchema = v.object({
  id: uuid,
  team: v.object({ id: uuid, name: v.string() }),
  email: v.string(),
  role: memberRoleSchema,
  status: invitationStatusSchema,
  invitedBy: v.object({ name: v.string(), email: v.string() }),
  createdAt: isoDate,
  expiresAt: isoDate,
});
export const invitationListSchema = v.object({ invitations: v.array(invitationSchema) });
export const createInvitationRequestSchema = v.object({ email: emailSchema, role: memberRoleSchema });

// ── Team verification ────────────────────────────────────────────────────────────────────────────────

/** SPEC §3: the upload types, checked on the server by content, not by file name. */
export const UPLOAD_TYPES = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'jpeg',
  'png',
  'gif',
  'webp',
  'svg',
  'mp4',
  'webm',
  'quicktime',
] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_VERIFICATION_DOCUMENTS = 10;

/** The text fields of a verification request (sent as multipart/form-data with `documents` files). */
export const verificationDetailsSchema = v.object({
  legalName: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(translated('contract.verification.legalName')),
    v.maxLength(200, translated('contract.maxLength', { max: 200 })),
  ),
  registrationNumber: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(translated('contract.verification.registrationNumber')),
    v.maxLength(100, translated('contract.maxLength', { max: 100 })),
  ),
  country: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, translated('contract.verification.country'))),
  address: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(translated('contract.verification.address')),
    v.maxLength(500, translated('contract.maxLength', { max: 500 })),
  ),
  website: v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        v.trim(),
        v.url(translated('contract.verification.website')),
        v.maxLength(300, translated('contract.maxLength', { max: 300 })),
      ),
    ]),
  ),
  note: v.optional(v.pipe(v.string(), v.maxLength(2000, translated('contract.maxLength', { max: 2000 })))),
});

export const verificationDocumentSchema = v.object({
  id: uuid,
  /** The name it was uploaded with, for display; the file is stored under a random name. */
  name: v.string(),
  type: v.picklist(UPLOAD_TYPES),
  size: v.pipe(v.number(), v.integer(), v.minValue(0)),
  uploadedAt: isoDate,
});

export const verificationEventSchema = v.object({
  at: isoDate,
  status: verificationStatusSchema,
  /** The operator's message to the team, if any. */
  message: v.nullable(v.string()),
});

export const teamVerificationSchema = v.object({
  status: verificationStatusSchema,
  details: v.nullable(
    v.object({
      ...verificationDetailsSchema.entries,
      website: v.nullable(v.string()),
      note: v.nullable(v.string()),
    }),
  ),
  documents: v.array(verificationDocumentSchema),
  history: v.array(verificationEventSchema),
  submittedAt: v.nullable(isoDate),
});

// ── Limits (SPEC §1, §9) ─────────────────────────────────────────────────────────────────────────────

export const UNVERIFIED_COMPUTE_LIMIT = 5;
/** An unverified team cannot use instances with this many vCPUs or more. */
export const UNVERIFIED_VCPU_CEILING = 8;

export const teamLimitsSchema = v.object({
  verified: v.boolean(),
  computes: v.object({
    used: v.pipe(v.number(), v.integer(), v.minValue(0)),
    /** null: no limit (verified team). */
    limit: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  }),
  /** The largest vCPU count the team may use; null: no ceiling. */
  maxVcpus: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
});

// ── Audit log ────────────────────────────────────────────────────────────────────────────────────────

export const auditEntrySchema = v.object({
  id: uuid,
  at: isoDate,
  /** Who did it; null for the system or an operator command. */
  actor: v.nullable(v.object({ id: uuid, name: v.string(), email: v.string() })),
  /** e.g. team.renamed, member.role_changed, invitation.sent, verification.submitted */
  action: v.string(),
  /** What it was done to, in words: "Ada Nkusi", "invitation to bob@example.rw". */
  target: v.nullable(v.string()),
  details: v.record(v.string(), v.unknown()),
  ip: v.nullable(v.string()),
  userAgent: v.nullable(v.string()),
});
export const auditLogSchema = v.object({
  entries: v.array(auditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: v.nullable(v.string()),
});
export const auditLogQuerySchema = v.object({
  action: v.optional(v.pipe(v.string(), v.maxLength(60))),
  actor: v.optional(uuid),
  from: v.optional(isoDate),
  to: v.optional(isoDate),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(200))),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)),
  ),
});

export type Team = v.InferOutput<typeof teamSchema>;
export type Member = v.InferOutput<typeof memberSchema>;
export type Invitation = v.InferOutput<typeof invitationSchema>;
export type TeamVerification = v.InferOutput<typeof teamVerificationSchema>;
export type TeamLimits = v.InferOutput<typeof teamLimitsSchema>;
export type AuditEntry = v.InferOutput<typeof auditEntrySchema>;
