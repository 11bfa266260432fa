// Sends text messages through the configured driver with their state in the database (sms_messages):
// queued → sending → sent → delivered | undelivered, or failed once the gateway would not take it after the
// allowed attempts. Any server may make an attempt, but only after claiming the row (FOR UPDATE SKIP
// LOCKED, with a lease a crashed server's claim lapses from), so two servers never send one text twice;
// a delivery report may reach any server and only ever moves a text forward. A retry sends the text that
// was stored, never a new code.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { smsMessages } from '../../db/schema';
import type { Logger } from '../../logger';
import { type SmsDriver, type SmsMessage, SmsSendError } from './sms-driver';

export type SmsStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed';
export type SmsRecord = typeof smsMessages.$inferSelect;

/** What a gateway's delivery report says about a text (Kannel's DLR types, server/drivers/sms/kannel). */
export type DeliveryOutcome =
  /** The SMS centre took it (or holds it until the phone is reachable): still on its way. */
  | 'in-network'
  | 'delivered'
  /** The phone could not be reached in time, or the centre refused the text. */
  | 'undelivered';

export interface SmsRetryPolicy {
  /** Attempts to hand one text to the gateway before giving up (the first one included). */
  attempts: number;
  /** Wait before the n-th retry (the last value repeats). */
  delaysMs: readonly number[];
  /** How long a server's claim on a text lasts; longer than one attempt can take. */
  leaseMs: number;
}

export const DEFAULT_SMS_RETRY: SmsRetryPolicy = {
  attempts: 5,
  delaysMs: [5_000, 15_000, 30_000, 60_000],
  leaseMs: 60_000,
};

const FINAL: readonly SmsStatus[] = ['delivered', 'undelivered', 'failed'];

export class SmsSender {
  constructor(
    private readonly db: Database,
    private readonly clock: { now(): Date },
    private readonly logger: Logger,
    readonly driver: SmsDriver,
    private readonly retry: SmsRetryPolicy = DEFAULT_SMS_RETRY,
  ) {}

  /** Stores the text, due at once; `attempt(id)` (or the next sweep) sends it. */
  async queue(message: SmsMessage & { challengeId?: string }): Promise<string> {
    const now = this.clock.now();
    const [row] = await this.db
      .insert(smsMessages)
      .values({
        challengeId: message.challengeId ?? null,
        to: message.to,
        text: message.text,
        gateway: this.driver.kind,
        status: 'queued',
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: smsMessages.id });
    return row!.id;
  }

  /** Sends this text now if it is due and no other server holds it; true when an attempt was made. */
  async attempt(id: string): Promise<boolean> {
    const claimed = await this.claim(sql`id = ${id}`);
    if (claimed) await this.send(claimed);
    return claimed !== undefined;
  }

  /** Sends every text that is due (retries, and claims that lapsed); returns how many were tried. */
  async sweep(): Promise<number> {
    let tried = 0;
    for (;;) {
      const claimed = await this.claim(sql`true`);
      if (!claimed) return tried;
      tried += 1;
      await this.send(claimed);
    }
  }

  /** Applies a gateway's report: only ever forward, and never past a final state. */
  async report(
    id: string,
    report: { outcome: DeliveryOutcome; detail?: string; centreId?: string },
  ): Promise<SmsRecord | undefined> {
    const now = this.clock.now();
    const [current] = await this.db.select().from(smsMessages).where(eq(smsMessages.id, id));
    if (!current) return undefined;
    // A report may overtake the answer to the attempt that sent the text (the SMS centre can be quicker
    // than our write), and may arrive after a failed attempt whose text went all the same: both count.
    const from: SmsStatus[] =
      report.outcome === 'in-network' ? ['queued', 'sending'] : ['queued', 'sending', 'sent', 'failed'];
    const [updated] = await this.db
      .update(smsMessages)
      .set({
        status: report.outcome === 'in-network' ? 'sent' : report.outcome,
        // Taken by the network: whatever the gateway was holding it for is over.
        heldByGateway: false,
        centreId: report.centreId ?? current.centreId,
        error:
          report.outcome === 'undelivered' ? (report.detail ?? 'the network could not deliver it') : null,
        text: null,
        leaseUntil: null,
        nextAttemptAt: null,
        updatedAt: now,
      })
      .where(and(eq(smsMessages.id, id), inArray(smsMessages.status, from)))
      .returning();
    if (!updated) {
      if (report.outcome === 'in-network' && current.status === 'sent' && current.heldByGateway) {
        await this.db
          .update(smsMessages)
          .set({ heldByGateway: false, centreId: report.centreId ?? current.centreId, updatedAt: now })
          .where(eq(smsMessages.id, id));
      }
      const [after] = await this.db.select().from(smsMessages).where(eq(smsMessages.id, id));
      return after;
    }
    this.logger.info(
      { smsId: id, to: updated.to, status: updated.status, detail: report.detail },
      'text message delivery report',
    );
    return updated;
  }

  /** The newest text that carried this code, if one was queued. */
  async forChallenge(challengeId: string): Promise<SmsRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.challengeId, challengeId))
      .orderBy(desc(smsMessages.createdAt))
      .limit(1);
    return row;
  }

  private async claim(which: ReturnType<typeof sql>): Promise<SmsRecord | undefined> {
    const now = this.clock.now();
    const lease = new Date(now.getTime() + this.retry.leaseMs);
    // One statement: the row is picked and marked in the same step, and a row another server is picking
    // right now is skipped rather than waited for.
    const result = await this.db.execute<{ id: string }>(sql`
      update sms_messages set status = 'sending', attempts = attempts + 1, lease_until = ${lease},
        updated_at = ${now}
      where id = (
        select id from sms_messages
        where ${which} and text is not null and (
          (status = 'queued' and next_attempt_at <= ${now}) or (status = 'sending' and lease_until <= ${now})
        )
        order by next_attempt_at nulls first
        limit 1
        for update skip locked
      )
      returning id`);
    const id = result.rows[0]?.id;
    if (!id) return undefined;
    const [row] = await this.db.select().from(smsMessages).where(eq(smsMessages.id, id));
    return row;
  }

  private async send(row: SmsRecord): Promise<void> {
    // Only the claim this attempt holds may be settled by it: a lapsed claim taken over by another server
    // (attempts moved on) or a delivery report that overtook it (status moved on) wins.
    const mine = and(
      eq(smsMessages.id, row.id),
      eq(smsMessages.status, 'sending'),
      eq(smsMessages.attempts, row.attempts),
    );
    try {
      const accepted = await this.driver.send({ to: row.to, text: row.text! }, { messageId: row.id });
      const now = this.clock.now();
      await this.db
        .update(smsMessages)
        .set({
          status: 'sent',
          heldByGateway: accepted.held,
          text: null,
          error: null,
          leaseUntil: null,
          nextAttemptAt: null,
          updatedAt: now,
        })
        .where(mine);
      // A report that overtook the answer already settled the text; the stored code goes all the same.
      await this.db
        .update(smsMessages)
        .set({ text: null })
        .where(and(eq(smsMessages.id, row.id), inArray(smsMessages.status, FINAL)));
      this.logger.info(
        { smsId: row.id, to: row.to, gateway: this.driver.kind, held: accepted.held, attempt: row.attempts },
        accepted.held ? 'text message held by the gateway until its SMS centre is back' : 'text message sent',
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retry = !(error instanceof SmsSendError) || error.retry;
      const now = this.clock.now();
      const giveUp = !retry || row.attempts >= this.retry.attempts;
      const delay = this.retry.delaysMs[Math.min(row.attempts - 1, this.retry.delaysMs.length - 1)] ?? 5_000;
      await this.db
        .update(smsMessages)
        .set(
          giveUp
            ? {
                status: 'failed',
                error: reason,
                text: null,
                leaseUntil: null,
                nextAttemptAt: null,
                updatedAt: now,
              }
            : {
                status: 'queued',
                error: reason,
                leaseUntil: null,
                nextAttemptAt: new Date(now.getTime() + delay),
                updatedAt: now,
              },
        )
        .where(mine);
      const context = { smsId: row.id, to: row.to, gateway: this.driver.kind, attempt: row.attempts, reason };
      if (giveUp) this.logger.error(context, 'text message could not be sent; giving up');
      else this.logger.warn({ ...context, retryInMs: delay }, 'text message not sent; will try again');
    }
  }
}
