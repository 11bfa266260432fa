// /ops/api/v1: operators review team verification requests (through `npm run ops -- verification …`).
// Each decision moves a PENDING request on, is written to the team's audit log as the operator's (no
// user), and e-mails the team's owners with the operator's message.
import { and, asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import * as v from 'valibot';
import {
  type OperatorTeamVerification,
  operatorTeamVerificationSchema,
  verificationDecisionRequestSchema,
  verificationRequestListQuerySchema,
  verificationRequestListSchema,
} from '@/contract/operator';
import { recordAudit } from '../audit/audit-log';
import type { Database } from '../db';
import { teams, teamVerifications, verificationDocuments, verificationEvents } from '../db/schema';
import { clientInfo } from '../http/client-info';
import type { AppEnv } from '../http/env';
import { idParam } from '../http/path-params';
import { ProblemError } from '../http/problem';
import { defineRoutes } from '../http/routes';
import { inLanguage } from '../i18n/languages';
import { languageOfAddress } from '../i18n/recipient-language';
import { documentResponse } from '../teams/verification/documents';
import { verificationDecisionMail } from '../teams/verification/messages';
import type { UploadStore } from '../teams/verification/upload-store';
import {
  assertCanDecide,
  DECISION_ACTION,
  DECISION_STATUS,
  loadVerification,
  ownersOf,
} from '../teams/verification/verification-record';
import { lockTeam, type TeamRecord } from '../tenancy/team-record';
import { requireOperator } from './operator-access';

function noSuchTeam(): ProblemError {
  return new ProblemError(404, { title: 'Team not found', detail: 'There is no team with this id.' });
}

function noSuchDocument(): ProblemError {
  return new ProblemError(404, { title: 'Not found', detail: 'This team has no such document.' });
}

const teamParams = v.object({ teamId: idParam('team', noSuchTeam) });
const documentParams = v.object({
  teamId: idParam('team', noSuchTeam),
  documentId: idParam('document', noSuchDocument),
});

async function findTeam(db: Database, teamId: string): Promise<TeamRecord> {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) throw noSuchTeam();
  return team;
}

async function describe(db: Database, team: TeamRecord): Promise<OperatorTeamVerification> {
  return {
    team: { id: team.id, name: team.name, createdAt: team.createdAt.toISOString() },
    owners: await ownersOf(db, team.id),
    verification: await loadVerification(db, team.id, team.verificationStatus),
  };
}

function operatorActor(c: Context<AppEnv>) {
  const client = clientInfo(c);
  return { userId: null, ip: client.ip, userAgent: client.userAgent?.slice(0, 512) ?? null };
}

export function verificationReviewRoutes(deps: { uploads: UploadStore; operatorToken: string | undefined }) {
  const guards = [requireOperator(deps.operatorToken)];
  return defineRoutes('/', 'Operations')
    .add({
      method: 'get',
      path: '/verification-requests',
      summary: 'List teams by verification status (PENDING by default), longest waiting first',
      tokenScope: 'never',
      guards,
      request: { query: verificationRequestListQuerySchema },
      responses: { 200: { description: 'The teams.', schema: verificationRequestListSchema } },
      handler: async (c, { query }) => {
        const rows = await c
          .get('identity')
          .db.select({
            team: teams,
            legalName: teamVerifications.legalName,
            submittedAt: teamVerifications.submittedAt,
          })
          .from(teams)
          .leftJoin(teamVerifications, eq(teamVerifications.teamId, teams.id))
          .where(eq(teams.verificationStatus, query.status))
          .orderBy(asc(teamVerifications.submittedAt), asc(teams.createdAt));
        const requests = rows.map((row) => ({
          teamId: row.team.id,
          teamName: row.team.name,
          status: query.status,
          legalName: row.legalName,
          submittedAt: row.submittedAt?.toISOString() ?? null,
        }));
        return c.json({ requests }, 200);
      },
    })
    .add({
      method: 'get',
      path: '/teams/:teamId/verification',
      summary: 'Show a team’s verification request: details, documents, history and owners',
      tokenScope: 'never',
      guards,
      request: { params: teamParams },
      responses: { 200: { description: 'The team’s verification.', schema: operatorTeamVerificationSchema } },
      handler: async (c, { params }) => {
        const db = c.get('identity').db;
        return c.json(await describe(db, await findTeam(db, params.teamId)), 200);
      },
    })
    .add({
      method: 'post',
      path: '/teams/:teamId/verification/decision',
      summary: 'Approve or reject a PENDING request, or ask for more information',
      tokenScope: 'never',
      guards,
      request: { params: teamParams, body: verificationDecisionRequestSchema },
      responses: {
        200: {
          description: 'The team’s verification after the decision.',
          schema: operatorTeamVerificationSchema,
        },
      },
      handler: async (c, { params, body }) => {
        const identity = c.get('identity');
        const team = await findTeam(identity.db, params.teamId);
        const now = identity.clock.now();
        const status = DECISION_STATUS[body.decision];
        const message = body.message ? body.message : null;
        await identity.db.transaction(async (tx) => {
          const locked = await lockTeam(tx, team.id);
          if (!locked) throw noSuchTeam();
          assertCanDecide(locked.name, locked.verificationStatus);
          await tx
            .update(teams)
            .set({ verificationStatus: status, updatedAt: now })
            .where(eq(teams.id, team.id));
          await tx
            .insert(verificationEvents)
            .values({ teamId: team.id, status, message, actorUserId: null, at: now });
          await recordAudit(tx, {
            teamId: team.id,
            actor: operatorActor(c),
            action: DECISION_ACTION[body.decision],
            target: locked.name,
            details: { from: locked.verificationStatus, to: status, message },
            at: now,
          });
        });
        // The team's open consoles show the decision at once (settings, overview, limits).
        await c.get('live').publishToTeam(team.id, { type: 'team.updated', teamId: team.id });
        const updated = await findTeam(identity.db, team.id);
        for (const owner of await ownersOf(identity.db, team.id)) {
          identity.deliveries.later('verification decision notice', async () => {
            const language = await languageOfAddress(identity.db, owner.email);
            await identity.mail.send(
              inLanguage(language, () =>
                verificationDecisionMail(owner.email, updated.name, body.decision, message),
              ),
            );
          });
        }
        return c.json(await describe(identity.db, updated), 200);
      },
    })
    .add({
      method: 'get',
      path: '/teams/:teamId/verification/documents/:documentId',
      summary: 'Download a document of a team’s verification request',
      tokenScope: 'never',
      guards,
      request: { params: documentParams },
      responses: {
        200: { description: 'The file, as an attachment.', contentType: 'application/octet-stream' },
      },
      handler: async (c, { params }) => {
        const db = c.get('identity').db;
        const team = await findTeam(db, params.teamId);
        const [document] = await db
          .select()
          .from(verificationDocuments)
          .where(
            and(eq(verificationDocuments.id, params.documentId), eq(verificationDocuments.teamId, team.id)),
          );
        if (!document) throw noSuchDocument();
        return documentResponse(c, document, await deps.uploads.read(document.storageName));
      },
    });
}
