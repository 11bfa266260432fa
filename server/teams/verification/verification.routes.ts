// /teams/:teamId/verification: the owner and admins read the team's verification, send a request with
// details and documents, and download what was sent. Members see only the status (teamSchema).
import { and, eq } from 'drizzle-orm';
import {
  MAX_UPLOAD_BYTES,
  MAX_VERIFICATION_DOCUMENTS,
  teamVerificationSchema,
  verificationDetailsSchema,
} from '@/contract/teams';
import { auditActor, recordAudit } from '../../audit/audit-log';
import { teams, teamVerifications, verificationDocuments, verificationEvents } from '../../db/schema';
import { defineRoutes } from '../../http/routes';
import { inLanguage } from '../../i18n/languages';
import { languageOfAddress } from '../../i18n/recipient-language';
import { isUuid, teamGuards } from '../../tenancy/guards';
import { documentParams, teamIdParams } from '../../tenancy/params';
import { notInTeam, teamNotFound } from '../../tenancy/problems';
import { lockTeam } from '../../tenancy/team-record';
import { checkDocuments, documentResponse } from './documents';
import { verificationSubmittedMail } from './messages';
import type { UploadStore } from './upload-store';
import { assertCanSubmit, loadVerification, ownersOf } from './verification-record';

/** Ten files at the limit, plus the text fields and the multipart framing. */
export const VERIFICATION_BODY_LIMIT = MAX_VERIFICATION_DOCUMENTS * MAX_UPLOAD_BYTES + 1024 * 1024;

export function verificationRoutes(deps: { uploads: UploadStore }) {
  return defineRoutes('/teams', 'Team verification')
    .add({
      method: 'get',
      path: '/:teamId/verification',
      summary: 'Read the team’s verification: status, details, documents and history',
      tokenScope: 'team:read',
      guards: teamGuards('verification.manage'),
      request: { params: teamIdParams },
      responses: { 200: { description: 'The team’s verification.', schema: teamVerificationSchema } },
      handler: async (c) => {
        const team = c.get('team');
        return c.json(await loadVerification(c.get('identity').db, team.id, team.verificationStatus), 200);
      },
    })
    .add({
      method: 'post',
      path: '/:teamId/verification',
      summary: 'Send a verification request with details and documents',
      tokenScope: 'team:read_write',
      description:
        'multipart/form-data: the details fields and 1 to 10 `documents` files of at most 10 MiB each, checked by content (PDF, Word, Excel, PowerPoint, JPEG, PNG, GIF, WEBP, SVG without scripts, MP4, WEBM, QuickTime). Possible while the status is UNVERIFIED, REJECTED or ADDITIONAL_INFO_REQUESTED; the status becomes PENDING. Documents of earlier requests are kept.',
      guards: teamGuards('verification.manage'),
      maxBodyBytes: VERIFICATION_BODY_LIMIT,
      request: {
        params: teamIdParams,
        form: {
          fields: verificationDetailsSchema,
          files: {
            documents: {
              minCount: 1,
              maxCount: MAX_VERIFICATION_DOCUMENTS,
              maxBytes: MAX_UPLOAD_BYTES,
              description: 'Registration certificate, tax certificate, ID of a director, …',
            },
          },
        },
      },
      responses: { 200: { description: 'The verification, now PENDING.', schema: teamVerificationSchema } },
      handler: async (c, { form }) => {
        const identity = c.get('identity');
        const team = c.get('team');
        const user = c.get('user');
        // Said before the files are looked at: no point judging documents that cannot be sent now.
        assertCanSubmit(team.verificationStatus);
        const checked = await checkDocuments(form.files.documents);
        const now = identity.clock.now();
        const actor = auditActor(c);
        const stored: string[] = [];
        try {
          for (const file of checked) stored.push(await deps.uploads.save(file.bytes));
          await identity.db.transaction(async (tx) => {
            const locked = await lockTeam(tx, team.id);
            if (!locked) throw teamNotFound();
            assertCanSubmit(locked.verificationStatus);
            const details = {
              legalName: form.fields.legalName,
              registrationNumber: form.fields.registrationNumber,
              country: form.fields.country,
              address: form.fields.address,
              website: form.fields.website || null,
              note: form.fields.note?.trim() || null,
              submittedAt: now,
            };
            await tx
              .insert(teamVerifications)
              .values({ teamId: team.id, ...details })
              .onConflictDoUpdate({ target: teamVerifications.teamId, set: details });
            await tx.insert(verificationDocuments).values(
              checked.map((file, index) => ({
                teamId: team.id,
                name: file.name,
                type: file.type,
                size: file.bytes.byteLength,
                storageName: stored[index]!,
                uploadedBy: user.id,
                uploadedAt: now,
              })),
            );
            await tx
              .update(teams)
              .set({ verificationStatus: 'PENDING', updatedAt: now })
              .where(eq(teams.id, team.id));
            await tx
              .insert(verificationEvents)
              .values({ teamId: team.id, status: 'PENDING', actorUserId: user.id, at: now });
            await recordAudit(tx, {
              teamId: team.id,
              actor,
              action: 'verification.submitted',
              target: details.legalName,
              details: {
                from: locked.verificationStatus,
                documents: checked.map((file) => ({ name: file.name, type: file.type })),
              },
              at: now,
            });
          });
        } catch (error) {
          // Files of a request that did not happen would be orphans no one can reach or delete.
          await deps.uploads.remove(stored);
          throw error;
        }
        const owners = await ownersOf(identity.db, team.id);
        for (const owner of owners) {
          identity.deliveries.later('verification submitted notice', async () => {
            const language = await languageOfAddress(identity.db, owner.email);
            await identity.mail.send(
              inLanguage(language, () =>
                verificationSubmittedMail(owner.email, team.name, user.name, checked.length),
              ),
            );
          });
        }
        await c.get('live').publishToTeam(team.id, { type: 'team.updated', teamId: team.id });
        return c.json(await loadVerification(identity.db, team.id, 'PENDING'), 200);
      },
    })
    .add({
      method: 'get',
      path: '/:teamId/verification/documents/:documentId',
      summary: 'Download a verification document (as an attachment)',
      tokenScope: 'team:read',
      guards: teamGuards('verification.manage'),
      request: { params: documentParams },
      responses: {
        200: {
          description: 'The file, of its detected type, as an attachment.',
          contentType: 'application/octet-stream',
        },
      },
      handler: async (c, { params }) => {
        const team = c.get('team');
        if (!isUuid(params.documentId)) throw notInTeam('document');
        const [document] = await c
          .get('identity')
          .db.select()
          .from(verificationDocuments)
          .where(
            and(eq(verificationDocuments.id, params.documentId), eq(verificationDocuments.teamId, team.id)),
          );
        if (!document) throw notInTeam('document');
        return documentResponse(c, document, await deps.uploads.read(document.storageName));
      },
    });
}
