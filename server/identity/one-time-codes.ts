// One-time codes sent by e-mail or SMS: issuing (with per-address send limits) and checking (with
// per-code tries and the per-address lock). The rules are the same for every purpose and channel.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { CodeChallenge } from '../../src/contract/auth';
import type { Database, Transaction } from '../db';
import { addressThrottles, verificationChallenges } from '../db/schema';
import { addMs, type Clock, secondsUntil } from './clock';
import { addressLocked, codeExpired, codeIncorrect, type DeadCodeReason, sendRateLimited } from './problems';
import { type CodeHasher, newCode, sameHash } from './secrets';

export type CodePurpose = 'signup' | 'signin' | 'phone' | 'email-change';
export type CodeChannel = 'email' | 'sms';
export type ChallengeRecord = typeof verificationChallenges.$inferSelect;

export const CODE_RULES = {
  ttlMs: 10 * 60_000,
  maxWrongTries: 5,
  /** Consecutive wrong codes for one address, across codes, before it locks. */
  lockAfterFailures: 10,
  lockMs: 15 * 60_000,
  resendCooldownMs: 60_000,
  sendsPerHour: 5,
} as const;

const HOUR_MS = 60 * 60_000;

export interface IssueRequest {
  purpose: CodePurpose;
  channel: CodeChannel;
  /** Lower-cased e-mail address or E.164 number: what limits and locks are counted by. */
  address: string;
  userId: string | null;
  payload?: Record<string, unknown>;
  /**
   * False for a sign-in challenge for an address without an account: it is issued like any other, so the
   * answer cannot tell the two apart, but no code can ever verify it.
   */
  canSucceed?: boolean;
}

export interface IssuedCode {
  challenge: ChallengeRecord;
  code: string;
  /** The answer the console gets: the challenge id, where the code went and when to offer a resend. */
  answer: CodeChallenge;
}

export interface VerifyRequest {
  challengeId: string;
  code: string;
  /** The purposes this endpoint completes; another challenge's id answers like an unknown one. */
  purposes: readonly CodePurpose[];
  /** For signed-in flows (phone, e-mail change): the challenge must have been issued to this user. */
  userId?: string;
}

type Outcome =
  | { kind: 'verified'; challenge: ChallengeRecord }
  | { kind: 'dead'; reason: DeadCodeReason }
  | { kind: 'locked'; until: Date }
  | { kind: 'wrong'; attemptsLeft: number };

/** How often an address may be sent a code (SPEC-like defaults; CODE_RESEND_SECONDS, CODE_SENDS_PER_HOUR). */
export interface SendLimits {
  resendCooldownMs: number;
  sendsPerHour: number;
}

export class OneTimeCodes {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** Async because the instance secret may first have to be read from the database. */
    private readonly hasher: () => Promise<CodeHasher>,
    private readonly sendLimits: SendLimits = CODE_RULES,
  ) {}

  /** Stores a new challenge and returns its code for delivery; throws when the address must wait. */
  async issue(request: IssueRequest): Promise<IssuedCode> {
    const hashCode = await this.hasher();
    return this.db.transaction(async (tx) => {
      // Two sends racing for one address must not both pass the limit check.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${request.address}`}))`);
      const now = this.clock.now();

      const [throttle] = await tx
        .select()
        .from(addressThrottles)
        .where(eq(addressThrottles.address, request.address));
      if (throttle?.lockedUntil && throttle.lockedUntil > now) {
        throw addressLocked(secondsUntil(now, throttle.lockedUntil));
      }

      const sentThisHour = await tx
        .select({ createdAt: verificationChallenges.createdAt })
        .from(verificationChallenges)
        .where(
          and(
            eq(verificationChallenges.address, request.address),
            gt(verificationChallenges.createdAt, addMs(now, -HOUR_MS)),
          ),
        )
        .orderBy(asc(verificationChallenges.createdAt));
      const waitUntil = nextSendAt(
        sentThisHour.map((row) => row.createdAt),
        this.sendLimits,
      );
      if (waitUntil > now) throw sendRateLimited(secondsUntil(now, waitUntil), 'address');

      const id = randomUUID();
      const code = newCode();
      const hash = hashCode(id, code);
      const [challenge] = await tx
        .insert(verificationChallenges)
        .values({
          id,
          purpose: request.purpose,
          channel: request.channel,
          address: request.address,
          // An unverifiable challenge stores a hash no code can produce; the work done is the same.
          codeHash: request.canSucceed === false ? `never:${hash}` : hash,
          userId: request.userId,
          payload: request.payload ?? {},
          createdAt: now,
          expiresAt: addMs(now, CODE_RULES.ttlMs),
        })
        .returning();
      const resendAt = nextSendAt([...sentThisHour.map((row) => row.createdAt), now], this.sendLimits);
      return {
        challenge: challenge!,
        code,
        answer: {
          challengeId: id,
          channel: request.channel,
          destination: request.address,
          expiresAt: challenge!.expiresAt.toISOString(),
          resendAvailableAt: resendAt.toISOString(),
        },
      };
    });
  }

  /** Consumes the challenge when the code is right; otherwise counts the failure and throws a problem. */
  async verify(request: VerifyRequest): Promise<ChallengeRecord> {
    const hashCode = await this.hasher();
    const outcome = await this.db.transaction((tx) => this.check(tx, request, hashCode));
    switch (outcome.kind) {
      case 'verified':
        return outcome.challenge;
      case 'dead':
        throw codeExpired(outcome.reason);
      case 'locked':
        throw addressLocked(secondsUntil(this.clock.now(), outcome.until));
      case 'wrong':
        throw codeIncorrect(outcome.attemptsLeft);
    }
  }

  // Returns instead of throwing so the failure counts are committed, not rolled back with the error.
  private async check(tx: Transaction, request: VerifyRequest, hashCode: CodeHasher): Promise<Outcome> {
    const [challenge] = await tx
      .select()
      .from(verificationChallenges)
      .where(eq(verificationChallenges.id, request.challengeId))
      .for('update');
    if (
      !challenge ||
      !request.purposes.includes(challenge.purpose as CodePurpose) ||
      (request.userId !== undefined && challenge.userId !== request.userId)
    ) {
      return { kind: 'dead', reason: 'unknown' };
    }
    const now = this.clock.now();
    const [throttle] = await tx
      .select()
      .from(addressThrottles)
      .where(eq(addressThrottles.address, challenge.address))
      .for('update');
    if (throttle?.lockedUntil && throttle.lockedUntil > now)
      return { kind: 'locked', until: throttle.lockedUntil };
    if (challenge.consumedAt) return { kind: 'dead', reason: 'used' };
    if (challenge.expiresAt <= now) return { kind: 'dead', reason: 'expired' };
    if (challenge.failedAttempts >= CODE_RULES.maxWrongTries)
      return { kind: 'dead', reason: 'too-many-tries' };

    if (sameHash(hashCode(challenge.id, request.code), challenge.codeHash)) {
      const [consumed] = await tx
        .update(verificationChallenges)
        .set({ consumedAt: now })
        .where(eq(verificationChallenges.id, challenge.id))
        .returning();
      // A success ends the run of failures for the address.
      if (throttle) {
        await tx
          .update(addressThrottles)
          .set({ consecutiveFailures: 0, updatedAt: now })
          .where(eq(addressThrottles.address, challenge.address));
      }
      return { kind: 'verified', challenge: consumed! };
    }

    const failedAttempts = challenge.failedAttempts + 1;
    await tx
      .update(verificationChallenges)
      .set({ failedAttempts })
      .where(eq(verificationChallenges.id, challenge.id));
    const [counted] = await tx
      .insert(addressThrottles)
      .values({ address: challenge.address, consecutiveFailures: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: addressThrottles.address,
        set: {
          consecutiveFailures: sql`${addressThrottles.consecutiveFailures} + 1`,
          lockedUntil: null,
          updatedAt: now,
        },
      })
      .returning();
    if (counted!.consecutiveFailures >= CODE_RULES.lockAfterFailures) {
      const until = addMs(now, CODE_RULES.lockMs);
      // The count starts again after the lock, so the address gets a fresh run of tries when it opens.
      await tx
        .update(addressThrottles)
        .set({ consecutiveFailures: 0, lockedUntil: until, updatedAt: now })
        .where(eq(addressThrottles.address, challenge.address));
      return { kind: 'locked', until };
    }
    return { kind: 'wrong', attemptsLeft: CODE_RULES.maxWrongTries - failedAttempts };
  }
}

/** When the next code may be sent, given this hour's sends in ascending order. */
function nextSendAt(sentThisHour: readonly Date[], limits: SendLimits): Date {
  const last = sentThisHour.at(-1);
  let at = last ? addMs(last, limits.resendCooldownMs) : new Date(0);
  if (sentThisHour.length >= limits.sendsPerHour) {
    // The hour is full until the oldest send that still counts leaves the window.
    const oldest = sentThisHour[sentThisHour.length - limits.sendsPerHour]!;
    const hourly = addMs(oldest, HOUR_MS);
    if (hourly > at) at = hourly;
  }
  return at;
}
