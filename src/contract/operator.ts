// The operator endpoints (/ops/api/v1) that `npm run ops` talks to: reviewing team verification requests.
// The console never calls them; they take the operator token instead of a session.
import * as v from 'valibot';
import { teamVerificationSchema, verificationStatusSchema } from './teams';

const isoDate = v.pipe(v.string(), v.isoTimestamp());
const uuid = v.pipe(v.string(), v.uuid());

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
