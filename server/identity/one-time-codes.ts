// One-time codes sent by e-mail or SMS: issuing (with send limits) and checking (with per-code tries and
// locks). The rules are the same for every purpose and channel.
//
// Knowing someone's address must not let a stranger lock them out (NIST SP 800-63B-4 asks verifiers to limit
// failed attempts without handing attackers a denial of service). So limits are counted per asker — the
// address of the client that asks for or enters codes — as well as per address:
// - a code dies after 5 wrong tries; a client that enters 10 wrong codes in a row for an address is locked
//   out of that address for 15 minutes, while a code sent to the owner still works from the owner's client;
// - only past 100 wrong codes in a row for an address from any clients (NIST's ceiling, a distributed
//   attack) is the address itself locked for 15 minutes;
// - one client may ask for a code for an address once a minute and 5 times an hour; the address receives at
//   most 4 times that an hour from everyone, so nobody can flood a mailbox.
// Guessing stays hopeless: each lock-out of a client costs it 15 minutes after 10 tries of a 6-digit code.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { CodeChallenge } from '@/contract/auth';
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
  /** Consecutive wrong codes for one address from one client, across codes, before that client is locked. */
  lockAfterFailures: 10,
  /** Consecutive wrong codes for one address from all clients before the address itself is locked. */
  lockAddressAfterFailures: 100,
  lockMs: 15 * 60_000,
  /** The sends an address may receive an hour from all clients, as a multiple of one client's. */
  addressSendsFactor: 4,
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
  /** The asking client's address (null when unknown): send limits and locks count per asker. */
  clientIp?: string | null;
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
  /** The client entering the code (null when unknown): its wrong codes lock only itself out. */
  clientIp?: string | null;
  /**
   * Called once a run of wrong codes has just locked a client (or the address) out, at most once an hour
   * per address: the caller tells the address's owner.
   */
  onLockedOut?: (lockout: Lockout) => void;
}

/** A lock-out that just happened, for the notice to the address's owner. */
export interface Lockout {
  address: string;
  channel: CodeChannel;
  scope: LockScope;
  clientIp: string | null;
  until: Date;
}

/** At most one lock-out notice per address in this long: a stranger cannot flood a mailbox with them. */
const LOCKOUT_NOTICE_EVERY_MS = 60 * 60_000;

/** The throttle row of one client for one address ("<address> from <client>"). */
function clientKey(address: string, clientIp: string | null | undefined): string {
  return `${address} from ${clientIp ?? 'an unknown client'}`;
}

type Outcome =
  | { kind: 'verified'; challenge: ChallengeRecord }
  | { kind: 'dead'; reason: DeadCodeReason }
  | { kind: 'locked'; until: Date; scope: LockScope; notice?: Lockout }
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

      const lock = await lockedUntil(tx, request.address, request.clientIp, now);
      if (lock) throw addressLocked(secondsUntil(now, lock.until), lock.scope);

      const sentToAddress = await tx
        .select({ createdAt: verificationChallenges.createdAt, clientIp: verificationChallenges.clientIp })
        .from(verificationChallenges)
        .where(
          and(
            eq(verificationChallenges.address, request.address),
            gt(verificationChallenges.createdAt, addMs(now, -HOUR_MS)),
          ),
        )
        .orderBy(asc(verificationChallenges.createdAt));
      const clientIp = request.clientIp ?? null;
      const sentThisHour = sentToAddress.filter((row) => row.clientIp === clientIp);
      const waitUntil = maxDate(
        nextSendAt(
          sentThisHour.map((row) => row.createdAt),
          this.sendLimits,
        ),
        nextSendAt(
          sentToAddress.map((row) => row.createdAt),
          {
            resendCooldownMs: 0,
            sendsPerHour: this.sendLimits.sendsPerHour * CODE_RULES.addressSendsFactor,
          },
        ),
      );
      if (waitUntil > now) {
        const seconds = secondsUntil(now, waitUntil);
        // Longer than the minute between two codes: the hour's codes are spent.
        const hourly = seconds * 1000 > this.sendLimits.resendCooldownMs;
        throw sendRateLimited(seconds, hourly ? 'hourly' : 'address', this.sendLimits.sendsPerHour);
      }

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
          clientIp,
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
        if (outcome.notice) request.onLockedOut?.(outcome.notice);
        throw addressLocked(secondsUntil(this.clock.now(), outcome.until), outcome.scope);
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
    // The address's and this client's counts, taken in a fixed order so two checks cannot deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${challenge.address}`}))`);
    const lock = await lockedUntil(tx, challenge.address, request.clientIp, now);
    if (lock) return { kind: 'locked', ...lock };
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
      // A success ends the runs of failures for the address and for this client.
      await tx
        .update(addressThrottles)
        .set({ consecutiveFailures: 0, updatedAt: now })
        .where(
          inArray(addressThrottles.address, [
            challenge.address,
            clientKey(challenge.address, request.clientIp),
          ]),
        );
      return { kind: 'verified', challenge: consumed! };
    }

    const failedAttempts = challenge.failedAttempts + 1;
    await tx
      .update(verificationChallenges)
      .set({ failedAttempts })
      .where(eq(verificationChallenges.id, challenge.id));
    const scopes = [
      {
        key: clientKey(challenge.address, request.clientIp),
        after: CODE_RULES.lockAfterFailures,
        scope: 'client',
      },
      { key: challenge.address, after: CODE_RULES.lockAddressAfterFailures, scope: 'address' },
    ] as const;
    for (const { key, after, scope } of scopes) {
      const [counted] = await tx
        .insert(addressThrottles)
        .values({ address: key, consecutiveFailures: 1, updatedAt: now })
        .onConflictDoUpdate({
          target: addressThrottles.address,
          set: {
            consecutiveFailures: sql`${addressThrottles.consecutiveFailures} + 1`,
            lockedUntil: null,
            updatedAt: now,
          },
        })
        .returning();
      if (counted!.consecutiveFailures >= after) {
        const until = addMs(now, CODE_RULES.lockMs);
        // The count starts again after the lock, so a fresh run of tries follows when it opens.
        await tx
          .update(addressThrottles)
          .set({ consecutiveFailures: 0, lockedUntil: until, updatedAt: now })
          .where(eq(addressThrottles.address, key));
        const notice: Lockout = {
          address: challenge.address,
          channel: challenge.channel as CodeChannel,
          scope,
          clientIp: request.clientIp ?? null,
          until,
        };
        return {
          kind: 'locked',
          until,
          scope,
          notice: (await noticeDue(tx, challenge.address, now)) ? notice : undefined,
        };
      }
    }
    return { kind: 'wrong', attemptsLeft: CODE_RULES.maxWrongTries - failedAttempts };
  }
}

export type LockScope = 'client' | 'address';

/** Whether a lock-out notice may go to the address now; if so, the next one waits LOCKOUT_NOTICE_EVERY_MS. */
async function noticeDue(tx: Transaction, address: string, now: Date): Promise<boolean> {
  const key = `lock-out notice to ${address}`;
  const [row] = await tx.select().from(addressThrottles).where(eq(addressThrottles.address, key));
  if (row?.lockedUntil && row.lockedUntil > now) return false;
  const next = addMs(now, LOCKOUT_NOTICE_EVERY_MS);
  await tx
    .insert(addressThrottles)
    .values({ address: key, consecutiveFailures: 0, lockedUntil: next, updatedAt: now })
    .onConflictDoUpdate({ target: addressThrottles.address, set: { lockedUntil: next, updatedAt: now } });
  return true;
}

/** Whether the address, or this client for the address, is locked now, and until when. */
async function lockedUntil(
  tx: Transaction,
  address: string,
  clientIp: string | null | undefined,
  now: Date,
): Promise<{ until: Date; scope: LockScope } | undefined> {
  const rows = await tx
    .select()
    .from(addressThrottles)
    .where(inArray(addressThrottles.address, [address, clientKey(address, clientIp)]));
  for (const row of rows) {
    if (row.lockedUntil && row.lockedUntil > now) {
      return { until: row.lockedUntil, scope: row.address === address ? 'address' : 'client' };
    }
  }
  return undefined;
}

function maxDate(a: Date, b: Date): Date {
  return a > b ? a : b;
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
