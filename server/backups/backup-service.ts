// Backups of computes: turned on or off per compute, made daily (the leader's sweep) or on demand, kept up
// to the operator's retention, restored onto the stopped compute or into a new compute. Every change writes
// the backup, the compute's history and the team's audit log in one transaction, then tells the team's open
// consoles (backups.changed). A backup's row comes first (creating) and its file once the driver has copied
// the disk; a backup the compute's power actions interrupted ends failed with the reason and no file.

import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Backup, BackupList, BackupSettings, RestoreBackupResponse } from '@/contract/backups';
import type { Compute } from '@/contract/computes';
import {
  BACKUP_INTERVAL_MS,
  backupPriceOf,
  backupRefusal,
  mayBackUp,
  mayRestoreOnto,
  restoreRefusal,
} from '@/domain/backups';
import { TRANSITIONAL_STATUSES } from '@/domain/compute-lifecycle';
import { type AuditActor, recordAudit, SYSTEM_ACTOR } from '../audit/audit-log';
import { BackgroundWork, startOnce } from '../background-work';
import type { BackupDayCharge } from '../billing/backup-charges';
import type { ComputesForBackups } from '../computes/backups-port';
import type { Database, Transaction } from '../db';
import { computeBackupSettings, computeBackups, computes } from '../db/schema';
import { MachineStateError } from '../drivers/compute/compute-driver';
import type { AppEnv } from '../http/env';
import {
  asValue,
  dateValue,
  gigabytesValue,
  message,
  type StoredMessage,
  toColumns,
  untranslated,
} from '../i18n/stored-message';
import { t } from '../i18n/t';
import type { Clock } from '../identity/clock';
import type { Logger } from '../logger';
import type { LiveUpdates } from '../socket/live-updates';
import type { Queryable } from '../tenancy/team-record';
import type { BackupFiles } from './backup-files';
import {
  type BackupRow,
  type BackupSettingsRow,
  findBackup,
  listBackups,
  lockBackup,
  settingsOf,
  toBackup,
} from './backup-record';
import { backupConflict, backupNotFound, computeNotFound } from './problems';

export interface BackupServiceDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  live: LiveUpdates;
  files: BackupFiles;
  computes: ComputesForBackups;
  /** How many backups each compute keeps (the operator's BACKUP_RETENTION). */
  retention: number;
  /** Charges a day of backups to the team (billing's chargeBackupDay), as each daily backup begins. */
  chargeDay: (tx: Transaction, charge: BackupDayCharge) => Promise<number>;
}

export class BackupService {
  private readonly work: BackgroundWork;

  constructor(readonly deps: BackupServiceDeps) {
    this.work = new BackgroundWork((error) => deps.logger.error({ err: error }, 'backup work failed'));
  }

  get db(): Database {
    return this.deps.db;
  }

  /**
   * Once, before the first request: the directory exists, a backup or restore a restart interrupted is
   * marked failed (or cleared) with the reason, and files no backup owns are removed.
   */
  readonly start = startOnce(() => this.recover());

  readonly started: MiddlewareHandler<AppEnv> = async (_c, next) => {
    await this.start();
    await next();
  };

  /** Waits for the backups and restores under way (tests, a stopping server). */
  settled(): Promise<void> {
    return this.work.settled();
  }

  private async recover(): Promise<void> {
    const { files } = this.deps;
    await files.ready();
    const now = this.deps.clock.now();
    const interrupted = await this.db
      .update(computeBackups)
      .set({ status: 'failed', ...toColumns(message('history.backup.interrupted')), completedAt: now })
      .where(eq(computeBackups.status, 'creating'))
      .returning();
    await this.db
      .update(computeBackupSettings)
      .set({ restoringBackupId: null, updatedAt: now })
      .where(isNotNull(computeBackupSettings.restoringBackupId));
    const kept = await this.db
      .select({ id: computeBackups.id })
      .from(computeBackups)
      .where(eq(computeBackups.status, 'available'));
    await files.removeStrays(new Set(kept.map((row) => row.id)));
    for (const row of interrupted) await this.publish(row.teamId, row.computeId);
  }

  async publish(teamId: string, computeId: string): Promise<void> {
    if (!this.deps.live.listening) return;
    await this.deps.live.publishToTeam(teamId, { type: 'backups.changed', teamId, computeId });
  }

  // ── Reading ──

  private async lockLiveCompute(db: Queryable, teamId: string, computeId: string) {
    const source = await this.deps.computes.lockCompute(db, teamId, computeId);
    if (!source) throw computeNotFound();
    return source;
  }

  private settingsView(compute: Compute, row: BackupSettingsRow | undefined): BackupSettings {
    return {
      computeId: compute.id,
      enabled: row?.enabled ?? false,
      price: backupPriceOf(compute.instanceType),
      retention: this.deps.retention,
      nextBackupAt: row?.enabled && row.nextBackupAt ? row.nextBackupAt.toISOString() : null,
      restoringBackupId: row?.restoringBackupId ?? null,
    };
  }

  async list(teamId: string, computeId: string): Promise<BackupList> {
    return this.db.transaction(async (tx) => {
      const { compute } = await this.lockLiveCompute(tx, teamId, computeId);
      return {
        settings: this.settingsView(compute, await settingsOf(tx, computeId)),
        backups: (await listBackups(tx, computeId)).map(toBackup),
      };
    });
  }

  // ── Turning backups on and off ──

  async setEnabled(input: {
    teamId: string;
    computeId: string;
    enabled: boolean;
    actor: AuditActor;
  }): Promise<BackupSettings> {
    const { teamId, computeId, enabled, actor } = input;
    const now = this.deps.clock.now();
    const { view, changed } = await this.db.transaction(async (tx) => {
      const { compute } = await this.lockLiveCompute(tx, teamId, computeId);
      const current = await settingsOf(tx, computeId);
      if ((current?.enabled ?? false) === enabled) {
        return { view: this.settingsView(compute, current), changed: false };
      }
      // The first backup is made by the next sweep (within a minute), then one a day.
      const values = { enabled, nextBackupAt: enabled ? now : null, updatedAt: now };
      const [row] = await tx
        .insert(computeBackupSettings)
        .values({ computeId, teamId, ...values })
        .onConflictDoUpdate({ target: computeBackupSettings.computeId, set: values })
        .returning();
      const price = backupPriceOf(compute.instanceType);
      await this.deps.computes.recordHistory(tx, {
        computeId,
        actorUserId: actor.userId,
        message: enabled
          ? message('history.compute.backupsOn', { kept: this.deps.retention, share: price.sharePercent })
          : message('history.compute.backupsOff'),
        at: now,
      });
      await recordAudit(tx, {
        teamId,
        actor,
        action: enabled ? 'backup.enabled' : 'backup.disabled',
        target: compute.hostname,
        details: { computeId },
        at: now,
      });
      return { view: this.settingsView(compute, row), changed: true };
    });
    if (changed) {
      await this.publish(teamId, computeId);
      await this.deps.computes.publish(computeId);
    }
    return view;
  }

  // ── Making a backup ──

  /** "Back up now": answers the backup, creating; it becomes available (or failed) on the socket. */
  async backUpNow(input: { teamId: string; computeId: string; actor: AuditActor }): Promise<Backup> {
    const { teamId, computeId, actor } = input;
    const now = this.deps.clock.now();
    const row = await this.db.transaction(async (tx) => {
      const source = await this.lockLiveCompute(tx, teamId, computeId);
      const refusal = await this.refusal(tx, source.compute);
      if (refusal) throw backupConflict(refusal);
      const row = await this.insertBackup(tx, source.compute, 'manual', actor.userId, now);
      await recordAudit(tx, {
        teamId,
        actor,
        action: 'backup.requested',
        target: source.compute.hostname,
        details: { computeId, backupId: row.id },
        at: now,
      });
      return row;
    });
    this.launch(row);
    await this.announce(row);
    return toBackup(row);
  }

  /** Why the compute cannot be backed up now (its status, a backup or restore under way); null: it can. */
  private async refusal(db: Queryable, compute: Compute): Promise<string | null> {
    if (!mayBackUp(compute.status)) return backupRefusal(compute.status);
    const [busy] = await db
      .select({ id: computeBackups.id })
      .from(computeBackups)
      .where(and(eq(computeBackups.computeId, compute.id), eq(computeBackups.status, 'creating')));
    if (busy) return 'A backup of this compute is being made; wait until it is done.';
    if ((await settingsOf(db, compute.id))?.restoringBackupId) {
      return 'A backup is being restored onto this compute; wait until it is done.';
    }
    return null;
  }

  private async insertBackup(
    tx: Queryable,
    compute: Compute,
    kind: 'manual' | 'scheduled',
    userId: string | null,
    now: Date,
  ): Promise<BackupRow> {
    const [row] = await tx
      .insert(computeBackups)
      .values({
        id: randomUUID(),
        teamId: compute.teamId,
        computeId: compute.id,
        status: 'creating',
        kind,
        hostname: compute.hostname,
        operatingSystemId: compute.operatingSystem.id,
        createdBy: userId,
        createdAt: now,
      })
      .returning();
    await this.deps.computes.recordHistory(tx, {
      computeId: compute.id,
      actorUserId: userId,
      message: message(
        kind === 'manual' ? 'history.compute.backingUp' : 'history.compute.dailyBackupCopying',
        {
          status: compute.status,
        },
      ),
      at: now,
    });
    return row!;
  }

  private async announce(row: BackupRow): Promise<void> {
    await this.publish(row.teamId, row.computeId);
    await this.deps.computes.publish(row.computeId);
  }

  /** Starts the driver's copy at once: a power action a moment later already finds the backup under way. */
  private launch(row: BackupRow): void {
    this.work.track(this.runBackup(row));
  }

  private async runBackup(row: BackupRow): Promise<void> {
    const { files, computes, logger } = this.deps;
    let outcome: { facts: { sizeBytes: number; virtualSizeBytes: number } } | { failure: StoredMessage };
    try {
      await computes.backupDisk(row.computeId, files.pathOf(row.id));
      outcome = { facts: await files.factsOf(row.id) };
    } catch (error) {
      if (!(error instanceof MachineStateError)) {
        logger.error({ err: error, backupId: row.id, computeId: row.computeId }, 'backup failed');
      }
      await files.remove(row.id).catch(() => {});
      outcome = {
        failure:
          error instanceof MachineStateError
            ? (error.said ?? untranslated(error.message))
            : message('history.backup.hypervisorCopy'),
      };
    }
    const now = this.deps.clock.now();
    const { settled, pruned } = await this.db.transaction(async (tx) => {
      const current = await lockBackup(tx, row.id);
      if (current?.status !== 'creating') return { settled: undefined, pruned: [] };
      const [updated] = await tx
        .update(computeBackups)
        .set(
          'facts' in outcome
            ? { status: 'available', ...toColumns(null), ...outcome.facts, completedAt: now }
            : { status: 'failed', ...toColumns(outcome.failure), completedAt: now },
        )
        .where(eq(computeBackups.id, row.id))
        .returning();
      await computes.recordHistory(tx, {
        computeId: row.computeId,
        actorUserId: null,
        message:
          'facts' in outcome
            ? message(
                row.kind === 'manual' ? 'history.compute.backupMade' : 'history.compute.dailyBackupMade',
                {
                  size: gigabytesValue(outcome.facts.sizeBytes),
                },
              )
            : message('history.compute.backupFailed', { reason: asValue(outcome.failure) }),
        failed: !('facts' in outcome),
        at: now,
      });
      return { settled: updated, pruned: 'facts' in outcome ? await this.prune(tx, row.computeId) : [] };
    });
    if (!settled) {
      await files.remove(row.id);
      return;
    }
    for (const id of pruned) await files.remove(id);
    await this.announce(settled);
  }

  /** Deletes the compute's backups beyond the newest `retention` available ones; answers their ids. */
  private async prune(tx: Queryable, computeId: string): Promise<string[]> {
    let available = 0;
    const gone: string[] = [];
    for (const row of await listBackups(tx, computeId)) {
      if (row.status === 'creating') continue;
      if (available >= this.deps.retention) gone.push(row.id);
      else if (row.status === 'available') available += 1;
    }
    if (gone.length > 0) await tx.delete(computeBackups).where(inArray(computeBackups.id, gone));
    return gone;
  }

  // ── The daily sweep (the leader's) ──

  /**
   * Begins the scheduled backup of every compute with backups on whose time has come; a compute in the
   * middle of a transition is tried again by the next sweep, one that cannot be backed up today (in error,
   * in rescue) skips the day with the reason in its history. Backups of destroyed computes go with them.
   */
  async sweep(): Promise<{ started: number; removed: number }> {
    await this.start();
    const now = this.deps.clock.now();
    const due = await this.db
      .select()
      .from(computeBackupSettings)
      .where(and(eq(computeBackupSettings.enabled, true), lte(computeBackupSettings.nextBackupAt, now)));
    let started = 0;
    for (const settings of due) {
      const begun = await this.db.transaction(async (tx) => {
        const source = await this.deps.computes.lockCompute(tx, settings.teamId, settings.computeId);
        const fresh = await settingsOf(tx, settings.computeId);
        if (!fresh?.enabled || !fresh.nextBackupAt || fresh.nextBackupAt > now) return undefined;
        if (!source) {
          await tx
            .update(computeBackupSettings)
            .set({ enabled: false, nextBackupAt: null, updatedAt: now })
            .where(eq(computeBackupSettings.computeId, settings.computeId));
          return undefined;
        }
        const refusal = await this.refusal(tx, source.compute);
        if (refusal && TRANSITIONAL_STATUSES.includes(source.compute.status)) return undefined;
        const next = nextAfter(fresh.nextBackupAt, now);
        await tx
          .update(computeBackupSettings)
          .set({ nextBackupAt: next, updatedAt: now })
          .where(eq(computeBackupSettings.computeId, settings.computeId));
        if (refusal) {
          await this.deps.computes.recordHistory(tx, {
            computeId: source.compute.id,
            actorUserId: null,
            message: message('history.compute.backupSkipped', { reason: refusal }),
            failed: true,
            at: now,
          });
          return undefined;
        }
        const row = await this.insertBackup(tx, source.compute, 'scheduled', null, now);
        const price = backupPriceOf(source.compute.instanceType);
        await this.deps.chargeDay(tx, {
          teamId: source.compute.teamId,
          computeId: source.compute.id,
          hostname: source.compute.hostname,
          hourly: price.hourly,
          monthly: price.monthly,
          at: now,
        });
        await recordAudit(tx, {
          teamId: source.compute.teamId,
          actor: SYSTEM_ACTOR,
          action: 'backup.scheduled',
          target: source.compute.hostname,
          details: { computeId: source.compute.id, backupId: row.id },
          at: now,
        });
        return row;
      });
      if (begun) {
        this.launch(begun);
        await this.announce(begun);
        started += 1;
      }
    }
    return { started, removed: await this.removeOrphans() };
  }

  /** Backups of destroyed computes, with their files. */
  private async removeOrphans(): Promise<number> {
    const orphans = await this.db
      .select({ id: computeBackups.id })
      .from(computeBackups)
      .innerJoin(computes, eq(computes.id, computeBackups.computeId))
      .where(and(isNotNull(computes.destroyedAt), inArray(computeBackups.status, ['available', 'failed'])));
    if (orphans.length === 0) return 0;
    const ids = orphans.map((row) => row.id);
    await this.db.delete(computeBackups).where(inArray(computeBackups.id, ids));
    for (const id of ids) await this.deps.files.remove(id);
    return ids.length;
  }

  // ── Restoring ──

  async restore(input: {
    teamId: string;
    computeId: string;
    backupId: string;
    target: { target: 'this' } | { target: 'new'; hostname: string };
    actor: AuditActor;
    userId: string;
    idempotencyKey: string | undefined;
  }): Promise<RestoreBackupResponse> {
    const { teamId, computeId, backupId, actor, target } = input;
    const now = this.deps.clock.now();
    if (target.target === 'new') {
      const { source, backup } = await this.db.transaction(async (tx) => {
        const source = await this.lockLiveCompute(tx, teamId, computeId);
        return { source, backup: await this.availableBackupOf(tx, teamId, computeId, backupId) };
      });
      if (!input.idempotencyKey) throw new Error('an Idempotency-Key is required for a new compute');
      const created = await this.deps.computes.createFrom({
        source,
        backupId: backup.id,
        hostname: target.hostname,
        teamId,
        userId: input.userId,
        actor,
        idempotencyKey: input.idempotencyKey,
      });
      await this.db.transaction(async (tx) => {
        await this.deps.computes.recordHistory(tx, {
          computeId,
          actorUserId: actor.userId,
          message: message('history.compute.restoredInto', {
            date: dateValue(backup.createdAt),
            hostname: target.hostname,
          }),
          at: now,
        });
        await recordAudit(tx, {
          teamId,
          actor,
          action: 'backup.restored',
          target: source.compute.hostname,
          details: { computeId, backupId, into: created.computeId, hostname: target.hostname },
          at: now,
        });
      });
      await this.deps.computes.publish(computeId);
      return { target: 'new', computeId: created.computeId, rootPassword: created.rootPassword };
    }
    const backup = await this.db.transaction(async (tx) => {
      const source = await this.lockLiveCompute(tx, teamId, computeId);
      const backup = await this.availableBackupOf(tx, teamId, computeId, backupId);
      if (!mayRestoreOnto(source.compute.status)) throw backupConflict(restoreRefusal(source.compute.status));
      const refusal = await this.refusal(tx, source.compute);
      if (refusal) throw backupConflict(refusal);
      await tx
        .insert(computeBackupSettings)
        .values({ computeId, teamId, enabled: false, restoringBackupId: backupId, updatedAt: now })
        .onConflictDoUpdate({
          target: computeBackupSettings.computeId,
          set: { restoringBackupId: backupId, updatedAt: now },
        });
      await this.deps.computes.recordHistory(tx, {
        computeId,
        actorUserId: actor.userId,
        message: message('history.compute.restoring', { date: dateValue(backup.createdAt) }),
        at: now,
      });
      await recordAudit(tx, {
        teamId,
        actor,
        action: 'backup.restored',
        target: source.compute.hostname,
        details: { computeId, backupId },
        at: now,
      });
      return backup;
    });
    this.work.track(this.runRestore(backup));
    await this.announce(backup);
    return { target: 'this', backup: toBackup(backup) };
  }

  private async availableBackupOf(
    db: Queryable,
    teamId: string,
    computeId: string,
    backupId: string,
  ): Promise<BackupRow> {
    const backup = await findBackup(db, teamId, backupId);
    if (!backup || backup.computeId !== computeId) throw backupNotFound();
    if (backup.status !== 'available') {
      throw backupConflict(
        backup.status === 'creating' ? t('backups.problem.stillMaking') : t('backups.problem.failedNoDisk'),
      );
    }
    return backup;
  }

  private async runRestore(backup: BackupRow): Promise<void> {
    let failure: StoredMessage | null = null;
    try {
      await this.deps.computes.restoreDisk(backup.computeId, this.deps.files.pathOf(backup.id));
    } catch (error) {
      if (!(error instanceof MachineStateError)) {
        this.deps.logger.error({ err: error, backupId: backup.id }, 'restore failed');
      }
      failure =
        error instanceof MachineStateError
          ? (error.said ?? untranslated(error.message))
          : message('history.backup.hypervisorWrite');
    }
    const now = this.deps.clock.now();
    await this.db.transaction(async (tx) => {
      await tx
        .update(computeBackupSettings)
        .set({ restoringBackupId: null, updatedAt: now })
        .where(eq(computeBackupSettings.computeId, backup.computeId));
      await this.deps.computes.recordHistory(tx, {
        computeId: backup.computeId,
        actorUserId: null,
        message: failure
          ? message('history.compute.restoreFailed', { reason: asValue(failure) })
          : message('history.compute.restored', { date: dateValue(backup.createdAt) }),
        failed: failure !== null,
        at: now,
      });
    });
    await this.announce(backup);
  }

  // ── A backup as a source of a new compute (joined to team images in app.ts) ──

  async available(db: Queryable, teamId: string, backupId: string) {
    const row = await findBackup(db, teamId, backupId);
    if (row?.status !== 'available' || row.virtualSizeBytes === null) return undefined;
    return {
      id: row.id,
      name: `backup of ${row.hostname} from ${dateOf(row.createdAt)}`,
      operatingSystemId: row.operatingSystemId,
      virtualSizeBytes: row.virtualSizeBytes,
    };
  }

  fileOf(backupId: string): string {
    return this.deps.files.pathOf(backupId);
  }
}

/** The next daily time after `due` that is in the future (a sweep that missed days makes one backup). */
function nextAfter(due: Date, now: Date): Date {
  let next = due.getTime() + BACKUP_INTERVAL_MS;
  if (next <= now.getTime()) next = now.getTime() + BACKUP_INTERVAL_MS;
  return new Date(next);
}

function dateOf(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
