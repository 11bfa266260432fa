// Team images: capture a stopped compute's disk, take an upload, rename, delete, and the file a download
// or a new compute reads. Every change writes the image, the team's audit log and (for a capture) the
// compute's history in one transaction, then tells the team's open consoles. A capture's row comes first
// (status creating) and its file once the driver has copied the disk; an upload is received, checked and
// converted before its row exists, so a refused upload leaves nothing behind.

import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Image } from '@/contract/images';
import { billedImageGb } from '@/domain/storage-prices';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import { BackgroundWork, startOnce } from '../background-work';
import type { StorageMeter } from '../billing/storage-meters';
import type { Catalog } from '../catalog/catalog';
import type { TeamImageSource } from '../computes/team-image-source';
import type { ComputesForImages } from '../computes/team-images-port';
import type { Database } from '../db';
import { computeBackups, storageMeters, teamImages } from '../db/schema';
import { MachineStateError } from '../drivers/compute/compute-driver';
import type { AppEnv } from '../http/env';
import { asValue, type CatalogMessage, gigabytesValue, message, toColumns } from '../i18n/stored-message';
import { t } from '../i18n/t';
import type { Clock } from '../identity/clock';
import type { Logger } from '../logger';
import type { LiveUpdates } from '../socket/live-updates';
import { fieldProblem } from '../tenancy/problems';
import type { Queryable } from '../tenancy/team-record';
import { type DiskFacts, type ImageFiles, ImageRefused } from './image-files';
import { findImage, type ImageRow, lockImage, toImage } from './image-record';
import { imageConflict, imageNotFound } from './problems';

export interface ImageServiceDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  live: LiveUpdates;
  catalog: Catalog;
  files: ImageFiles;
  computes: ComputesForImages;
  /** Billing's meter: told when an image becomes available, is renamed or deleted (in the same transaction). */
  meter: StorageMeter;
}

export class ImageService implements TeamImageSource {
  private readonly captures: BackgroundWork;

  constructor(readonly deps: ImageServiceDeps) {
    this.captures = new BackgroundWork((error) => deps.logger.error({ err: error }, 'image capture failed'));
  }

  get db(): Database {
    return this.deps.db;
  }

  /**
   * Once, before the first request: the image directory exists, and a capture a restart interrupted (its
   * row still creating, no driver copying it any more) is marked failed with the reason.
   */
  readonly start = startOnce(() => this.recover());

  readonly started: MiddlewareHandler<AppEnv> = async (_c, next) => {
    await this.start();
    await next();
  };

  /** Waits for the captures under way (tests, a stopping server). */
  settled(): Promise<void> {
    return this.captures.settled();
  }

  private async recover(): Promise<void> {
    await this.deps.files.ready();
    const abandoned = await this.deps.files.removeAbandoned();
    if (abandoned.length > 0) {
      this.deps.logger.info(
        { files: abandoned },
        'removed files that uploads left when their server stopped',
      );
    }
    const now = this.deps.clock.now();
    const interrupted = await this.db
      .update(teamImages)
      .set({ status: 'failed', ...toColumns(message('history.image.interrupted')), updatedAt: now })
      .where(eq(teamImages.status, 'creating'))
      .returning();
    for (const row of interrupted) await this.publish(row);
  }

  /** An image is charged from becoming available, on its file's size (billedImageGb). */
  private startMeter(tx: Queryable, row: ImageRow, at: Date): Promise<void> {
    return this.deps.meter.start(tx, {
      id: row.id,
      teamId: row.teamId,
      kind: 'image',
      name: row.name,
      sizeGb: billedImageGb(row.sizeBytes ?? 0),
      at,
    });
  }

  async publish(row: ImageRow): Promise<void> {
    if (!this.deps.live.listening) return;
    await this.deps.live.publishToTeam(row.teamId, { type: 'image.updated', image: toImage(row) });
  }

  // ── TeamImageSource (creating a compute from an image) ──

  async available(db: Queryable, teamId: string, imageId: string) {
    const row = await findImage(db, teamId, imageId);
    if (row?.status !== 'available' || row.virtualSizeBytes === null) return undefined;
    return {
      id: row.id,
      name: row.name,
      operatingSystemId: row.operatingSystemId,
      virtualSizeBytes: row.virtualSizeBytes,
    };
  }

  fileOf(imageId: string): string {
    return this.deps.files.pathOf(imageId);
  }

  // ── Capture ──

  /** Begins capturing the stopped compute's disk; answers the image, creating. */
  async capture(input: {
    teamId: string;
    actor: AuditActor;
    computeId: string;
    name: string;
  }): Promise<Image> {
    const { teamId, actor, computeId, name } = input;
    const now = this.deps.clock.now();
    const id = randomUUID();
    const row = await this.db.transaction(async (tx) => {
      const compute = await this.deps.computes.lockCompute(tx, teamId, computeId);
      if (!compute) throw fieldProblem('computeId', t('images.problem.noSuchCompute'));
      if (compute.status !== 'stopped') {
        throw imageConflict(t('images.problem.captureNotStopped', { status: compute.status }));
      }
      const [busy] = await tx
        .select({ id: teamImages.id })
        .from(teamImages)
        .where(and(eq(teamImages.sourceComputeId, computeId), eq(teamImages.status, 'creating')));
      if (busy) throw imageConflict(t('images.problem.captureBusy'));
      const [inserted] = await tx
        .insert(teamImages)
        .values({
          id,
          teamId,
          name,
          status: 'creating',
          source: 'capture',
          sourceComputeId: compute.id,
          sourceHostname: compute.hostname,
          operatingSystemId: compute.operatingSystemId,
          ...toColumns(message('history.image.copying')),
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await this.deps.computes.recordHistory(tx, {
        computeId,
        actorUserId: actor.userId,
        message: message('history.compute.capturing', { name }),
        at: now,
      });
      await recordAudit(tx, {
        teamId,
        actor,
        action: 'image.captured',
        target: name,
        details: { imageId: id, computeId, hostname: compute.hostname },
        at: now,
      });
      return inserted!;
    });
    await this.publish(row);
    this.captures.track(this.runCapture(row));
    return toImage(row);
  }

  private async runCapture(row: ImageRow): Promise<void> {
    const computeId = row.sourceComputeId!;
    let outcome: { facts: DiskFacts } | { failure: CatalogMessage };
    try {
      await this.deps.computes.captureDisk(computeId, this.deps.files.pathOf(row.id));
      outcome = { facts: await this.deps.files.factsOf(row.id) };
    } catch (error) {
      if (!(error instanceof MachineStateError || error instanceof ImageRefused)) {
        this.deps.logger.error({ err: error, imageId: row.id, computeId }, 'image capture failed');
      }
      await this.deps.files.remove(row.id).catch(() => {});
      outcome = {
        failure:
          error instanceof MachineStateError
            ? message('history.image.captureFailed', { reason: error.reason })
            : error instanceof ImageRefused
              ? message('history.image.captureFailed', { reason: error.message })
              : message('history.image.captureFailedHypervisor'),
      };
    }
    const now = this.deps.clock.now();
    const settled = await this.db.transaction(async (tx) => {
      const current = await lockImage(tx, row.teamId, row.id);
      if (current?.status !== 'creating') return undefined;
      const [updated] = await tx
        .update(teamImages)
        .set(
          'facts' in outcome
            ? { status: 'available', ...toColumns(null), ...outcome.facts, updatedAt: now }
            : { status: 'failed', ...toColumns(outcome.failure), updatedAt: now },
        )
        .where(eq(teamImages.id, row.id))
        .returning();
      if ('facts' in outcome) await this.startMeter(tx, updated!, now);
      await this.deps.computes
        .recordHistory(tx, {
          computeId,
          actorUserId: null,
          message:
            'facts' in outcome
              ? message('history.compute.captured', {
                  name: row.name,
                  size: gigabytesValue(outcome.facts.sizeBytes),
                })
              : message('history.compute.notCaptured', { name: row.name, reason: asValue(outcome.failure) }),
          failed: !('facts' in outcome),
          at: now,
        })
        // The compute may have been destroyed meanwhile; its history went with it.
        .catch(() => {});
      return updated;
    });
    if (settled) await this.publish(settled);
    else if ('facts' in outcome) await this.deps.files.remove(row.id);
  }

  // ── Upload ──

  /**
   * Keeps a received file (its path) as a new image once checked and converted; the received file is
   * removed either way. Refused (422 on `file`, with the reason) when it is not a standalone qcow2 or raw
   * disk within limits; nothing is kept then.
   */
  async upload(input: {
    teamId: string;
    imageId: string;
    actor: AuditActor;
    name: string;
    operatingSystemId: string;
    received: string;
  }): Promise<Image> {
    const { teamId, imageId: id, actor, name, operatingSystemId, received } = input;
    if (!this.deps.catalog.operatingSystem(operatingSystemId)) {
      await rm(received, { force: true });
      throw fieldProblem('operatingSystemId', t('images.problem.chooseOperatingSystem'));
    }
    let imported: { facts: DiskFacts; converted: string };
    try {
      imported = await this.deps.files.importFile(received);
    } catch (error) {
      if (error instanceof ImageRefused) throw fieldProblem('file', error.message);
      throw error;
    } finally {
      await rm(received, { force: true });
    }
    const { facts, converted } = imported;
    const now = this.deps.clock.now();
    try {
      const row = await this.db.transaction(async (tx) => {
        // Two uploads of one id (a retry while the first still converts): the row decides whose it is, and
        // the other's converted file goes, never the image's own.
        const [inserted] = await tx
          .insert(teamImages)
          .values({
            id,
            teamId,
            name,
            status: 'available',
            source: 'upload',
            operatingSystemId,
            ...facts,
            createdBy: actor.userId,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (!inserted) throw imageConflict(t('images.problem.idTaken'));
        await this.startMeter(tx, inserted, now);
        await recordAudit(tx, {
          teamId,
          actor,
          action: 'image.uploaded',
          target: name,
          details: { imageId: id, sizeBytes: facts.sizeBytes, virtualSizeBytes: facts.virtualSizeBytes },
          at: now,
        });
        // Last: the row (locked until this commits) is this upload's, so its file may take the name.
        await this.deps.files.place(converted, id);
        return inserted;
      });
      await this.publish(row);
      return toImage(row);
    } finally {
      await rm(converted, { force: true });
    }
  }

  /**
   * Whether an upload may not take this id: an image of any team has it, or had it (its meter stays, and
   * would not start again), or a volume or a backup does (a new compute's disk is found by id among
   * images and backups alike).
   */
  async imageIdTaken(imageId: string): Promise<boolean> {
    const taken = await this.db.execute(sql`
      select 1 from ${teamImages} where ${teamImages.id} = ${imageId}
      union all select 1 from ${storageMeters} where ${storageMeters.id} = ${imageId}
      union all select 1 from ${computeBackups} where ${computeBackups.id} = ${imageId}
      limit 1`);
    return taken.rows.length > 0;
  }

  // ── Rename, delete ──

  async rename(input: { teamId: string; imageId: string; name: string; actor: AuditActor }): Promise<Image> {
    const { teamId, imageId, name, actor } = input;
    const now = this.deps.clock.now();
    const { row, changed } = await this.db.transaction(async (tx) => {
      const current = await lockImage(tx, teamId, imageId);
      if (!current) throw imageNotFound();
      if (current.name === name) return { row: current, changed: false };
      const [updated] = await tx
        .update(teamImages)
        .set({ name, updatedAt: now })
        .where(eq(teamImages.id, imageId))
        .returning();
      await this.deps.meter.rename(tx, imageId, name, now);
      await recordAudit(tx, {
        teamId,
        actor,
        action: 'image.renamed',
        target: name,
        details: { imageId, from: current.name, to: name },
        at: now,
      });
      return { row: updated!, changed: true };
    });
    if (changed) await this.publish(row);
    return toImage(row);
  }

  /** Deletes the image and its file; computes made from it keep their own disks. */
  async remove(input: { teamId: string; imageId: string; actor: AuditActor }): Promise<void> {
    const { teamId, imageId, actor } = input;
    const now = this.deps.clock.now();
    await this.db.transaction(async (tx) => {
      const current = await lockImage(tx, teamId, imageId);
      if (!current) throw imageNotFound();
      if (current.status === 'creating') {
        throw imageConflict(t('images.problem.deleteWhileCapturing'));
      }
      await tx.delete(teamImages).where(eq(teamImages.id, imageId));
      await this.deps.meter.end(tx, imageId, now);
      await recordAudit(tx, {
        teamId,
        actor,
        action: 'image.deleted',
        target: current.name,
        details: { imageId, source: current.source },
        at: now,
      });
    });
    await this.deps.files.remove(imageId).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, imageId }, 'could not remove a deleted image’s file');
    });
    if (this.deps.live.listening) {
      await this.deps.live.publishToTeam(teamId, { type: 'image.deleted', teamId, imageId });
    }
  }
}
