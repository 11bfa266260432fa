// /teams/:teamId/computes/:computeId/backups: a compute's backups — on or off with their price, the list,
// "back up now", and restoring one onto the (stopped) compute or into a new compute.
import {
  backupListSchema,
  backupSchema,
  backupSettingsSchema,
  restoreBackupRequestSchema,
  restoreBackupResponseSchema,
  updateBackupSettingsRequestSchema,
} from '@/contract/backups';
import { auditActor } from '../audit/audit-log';
import { defineRoutes, type Routes } from '../http/routes';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from '../idempotency/idempotency';
import { teamGuards } from '../tenancy/guards';
import type { BackupService } from './backup-service';
import { backupComputeParams, backupParams } from './params';

export function backupsRoutes(service: BackupService): Routes {
  return defineRoutes('/teams/:teamId/computes/:computeId/backups', 'Backups')
    .use(service.deps.computes.started)
    .use(service.started)
    .add({
      method: 'get',
      path: '/',
      summary: 'A compute’s backups (newest first) and its backup settings with their price',
      tokenScope: 'computes:read',
      guards: teamGuards(),
      request: { params: backupComputeParams },
      responses: { 200: { description: 'The settings and the backups.', schema: backupListSchema } },
      handler: async (c, { params }) => c.json(await service.list(c.get('team').id, params.computeId), 200),
    })
    .add({
      method: 'put',
      path: '/settings',
      summary: 'Turn the compute’s daily backups on or off',
      tokenScope: 'computes:read_write',
      description:
        'Backups add a share of the plan’s price (settings.price: per hour, capped per month) while they are on. On: the first backup is made within a minute, then one a day, the newest BACKUP_RETENTION (the operator’s setting, 7 by default) kept. Off: no more backups; those made are kept until the compute is destroyed.',
      guards: teamGuards('resources.manage'),
      request: { params: backupComputeParams, body: updateBackupSettingsRequestSchema },
      responses: { 200: { description: 'The settings as they now are.', schema: backupSettingsSchema } },
      handler: async (c, { params, body }) =>
        c.json(
          await service.setEnabled({
            teamId: c.get('team').id,
            computeId: params.computeId,
            enabled: body.enabled,
            actor: auditActor(c),
          }),
          200,
        ),
    })
    .add({
      method: 'post',
      path: '/',
      summary: 'Back up the compute now',
      tokenScope: 'computes:read_write',
      description:
        'A running or stopped compute (409 with the reason otherwise, or while a backup or restore of it is under way). Answers 202 with the backup creating; it becomes available, or failed with the reason, on the socket (backups.changed) and in the compute’s history. Power actions go ahead meanwhile: one that changes the disk (power off or on, rebuild, rescue, destroy) ends the backup as failed, leaving no file.',
      guards: teamGuards('resources.manage'),
      request: { params: backupComputeParams },
      responses: { 202: { description: 'The backup, being made.', schema: backupSchema } },
      handler: async (c, { params }) =>
        c.json(
          await service.backUpNow({
            teamId: c.get('team').id,
            computeId: params.computeId,
            actor: auditActor(c),
          }),
          202,
        ),
    })
    .add({
      method: 'post',
      path: '/:backupId/restore',
      summary: 'Restore a backup onto the compute (stopped) or into a new compute',
      tokenScope: 'computes:read_write',
      description: `target "this": the compute's disk is replaced by the backup's; the compute must be stopped (409 with the reason otherwise) and stays stopped until it is done (backups.changed, and the compute's history). target "new": a new compute with the hostname given, the same plan, location and operating system, signing in as this one does; requires the ${IDEMPOTENCY_HEADER} header, and is refused like any create (limits, balance, hostname taken: 422 or 403 with the reason).`,
      guards: teamGuards('resources.manage'),
      request: { params: backupParams, body: restoreBackupRequestSchema },
      responses: { 202: { description: 'The restore, under way.', schema: restoreBackupResponseSchema } },
      handler: async (c, { params, body }) =>
        c.json(
          await service.restore({
            teamId: c.get('team').id,
            computeId: params.computeId,
            backupId: params.backupId,
            target: body,
            actor: auditActor(c),
            userId: c.get('user').id,
            idempotencyKey:
              body.target === 'new' ? idempotencyKeyOf(c, 'compute you restore into') : undefined,
          }),
          202,
        ),
    });
}
