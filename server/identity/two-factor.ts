// Two-factor sign-in: an authenticator app (TOTP, RFC 6238, through the otpauth library: SHA-1, 6 digits,
// 30-second steps, the step before and after accepted for clock drift) and ten single-use recovery codes.
// The app's secret is sealed at rest; recovery codes are kept only as HMACs. A code is accepted once: the
// last accepted step is remembered, so a code seen over a shoulder cannot be replayed within its minute.
//
// With the app on, a proven first factor (e-mail code, GitHub, Google) opens a challenge instead of a
// session (accounts.ts signIn): 10 minutes and 5 wrong codes at most, besides the per-network limit on
// entering codes. Every change is e-mailed to the person.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { TotpSetup, TwoFactorStatus } from '../../src/contract/two-factor';
import type { Database } from '../db';
import { recoveryCodes, secondFactorChallenges, users, userTotp } from '../db/schema';
import { fieldProblem, ProblemError } from '../http/problem';
import type { Clock } from './clock';
import { type CodeHasher, createCodeHasher, createVault, sameHash, type Vault } from './secrets';
import type { UserRecord } from './sessions';

const ISSUER = 'Ikirere';
const STEP_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
const CHALLENGE_MS = 10 * 60_000;
const CHALLENGE_TRIES = 5;
/** Recovery codes read aloud or typed: no 0/O or 1/l to confuse. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const CHECK_THE_CODE = { title: 'Check the code' };

function totpFor(secret: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: STEP_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** "ABCDE 12345", "abcde12345" → "abcde-12345": how recovery codes are compared. */
function normalizeRecoveryCode(code: string): string {
  const plain = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
}

export class TwoFactor {
  private secrets: Promise<{ vault: Vault; hasher: CodeHasher }> | undefined;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly instanceSecret: () => Promise<string>,
  ) {}

  private keys() {
    this.secrets ??= this.instanceSecret().then((secret) => ({
      vault: createVault(secret, 'ikirere totp secrets v1'),
      hasher: createCodeHasher(secret),
    }));
    this.secrets.catch(() => {
      this.secrets = undefined;
    });
    return this.secrets;
  }

  async status(userId: string): Promise<TwoFactorStatus> {
    const [totp] = await this.db.select().from(userTotp).where(eq(userTotp.userId, userId));
    const [left] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return {
      totpSince: totp?.confirmedAt?.toISOString() ?? null,
      recoveryCodesLeft: totp?.confirmedAt ? (left?.count ?? 0) : 0,
    };
  }

  /** Whether signing in needs a second factor. */
  async isOn(userId: string): Promise<boolean> {
    const [totp] = await this.db
      .select({ confirmedAt: userTotp.confirmedAt })
      .from(userTotp)
      .where(eq(userTotp.userId, userId));
    return Boolean(totp?.confirmedAt);
  }

  /** A new secret to scan; not on until confirmed. 409 while the app is already on. */
  async startTotp(user: UserRecord): Promise<TotpSetup> {
    if (await this.isOn(user.id)) {
      throw new ProblemError(409, {
        title: 'Already on',
        detail: 'Two-factor sign-in is already on. Turn it off first to set up another app.',
      });
    }
    const { vault } = await this.keys();
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const now = this.clock.now();
    const sealed = vault.seal(Buffer.from(secret));
    await this.db
      .insert(userTotp)
      .values({ userId: user.id, secretSealed: sealed, createdAt: now })
      .onConflictDoUpdate({
        target: userTotp.userId,
        set: { secretSealed: sealed, createdAt: now, confirmedAt: null, lastStep: null },
      });
    const uri = totpFor(secret, user.email).toString();
    const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, uri, qrSvg };
  }

  /** Turns the app on with a code from it; answers the recovery codes (shown once). */
  async confirmTotp(userId: string, code: string): Promise<string[]> {
    const [row] = await this.db.select().from(userTotp).where(eq(userTotp.userId, userId));
    if (!row || row.confirmedAt) {
      throw fieldProblem('code', 'Start setting up the app again: there is no set-up waiting for a code.', {
        ...CHECK_THE_CODE,
        status: 409,
      });
    }
    const step = await this.acceptedStep(row, userId, code);
    if (step === undefined) {
      throw fieldProblem(
        'code',
        'That code is not right. Check the app’s clock, or scan the QR code again.',
        CHECK_THE_CODE,
      );
    }
    const now = this.clock.now();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const { hasher } = await this.keys();
    await this.db.transaction(async (tx) => {
      await tx.update(userTotp).set({ confirmedAt: now, lastStep: step }).where(eq(userTotp.userId, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx
        .insert(recoveryCodes)
        .values(codes.map((item) => ({ userId, codeHash: hasher(userId, item), createdAt: now })));
    });
    return codes;
  }

  /** Turns two-factor sign-in off, with a code from the app or a recovery code. */
  async disable(userId: string, code: string): Promise<void> {
    if (!(await this.isOn(userId))) {
      throw fieldProblem('code', 'Two-factor sign-in is already off.', { ...CHECK_THE_CODE, status: 409 });
    }
    if (!(await this.acceptSecondFactor(userId, code))) {
      throw fieldProblem(
        'code',
        'That code is not right: enter the 6 digits the app shows now, or a recovery code.',
        CHECK_THE_CODE,
      );
    }
    await this.db.transaction(async (tx) => {
      await tx.delete(userTotp).where(eq(userTotp.userId, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    });
  }

  /** Opens the challenge a sign-in must answer with its second factor. */
  async challenge(userId: string): Promise<{ challengeId: string; expiresAt: Date }> {
    const now = this.clock.now();
    // Challenges are useless after their 10 minutes; a day's grace keeps "sign in again" answers.
    await this.db
      .delete(secondFactorChallenges)
      .where(lt(secondFactorChallenges.expiresAt, new Date(now.getTime() - 24 * 3_600_000)));
    const [row] = await this.db
      .insert(secondFactorChallenges)
      .values({ userId, createdAt: now, expiresAt: new Date(now.getTime() + CHALLENGE_MS) })
      .returning();
    return { challengeId: row!.id, expiresAt: row!.expiresAt };
  }

  /**
   * Answers a challenge: the user when the code is right (the challenge is then used up); a 422 beside the
   * code field when wrong, and a 410 once the challenge expired, was used or had its tries.
   */
  async verifyChallenge(
    challengeId: string,
    code: string,
  ): Promise<{ user: UserRecord; method: 'totp' | 'recovery_code' }> {
    const now = this.clock.now();
    const [challenge] = await this.db
      .select()
      .from(secondFactorChallenges)
      .where(eq(secondFactorChallenges.id, challengeId));
    if (
      !challenge ||
      challenge.usedAt ||
      challenge.expiresAt <= now ||
      challenge.failedAttempts >= CHALLENGE_TRIES
    ) {
      throw new ProblemError(410, {
        title: 'Sign in again',
        detail: 'This sign-in has expired or had too many wrong codes. Sign in again from the start.',
      });
    }
    const method = await this.acceptSecondFactor(challenge.userId, code);
    if (!method) {
      const [updated] = await this.db
        .update(secondFactorChallenges)
        .set({ failedAttempts: sql`${secondFactorChallenges.failedAttempts} + 1` })
        .where(eq(secondFactorChallenges.id, challengeId))
        .returning({ failedAttempts: secondFactorChallenges.failedAttempts });
      const left = CHALLENGE_TRIES - (updated?.failedAttempts ?? CHALLENGE_TRIES);
      throw fieldProblem(
        'code',
        left > 0
          ? `That code is not right. You can try ${left} more ${left === 1 ? 'time' : 'times'}.`
          : 'That code is not right, and this sign-in allows no more tries. Sign in again from the start.',
        CHECK_THE_CODE,
      );
    }
    const [used] = await this.db
      .update(secondFactorChallenges)
      .set({ usedAt: now })
      .where(and(eq(secondFactorChallenges.id, challengeId), isNull(secondFactorChallenges.usedAt)))
      .returning();
    const [user] = await this.db.select().from(users).where(eq(users.id, challenge.userId));
    if (!used || !user) {
      throw new ProblemError(410, {
        title: 'Sign in again',
        detail: 'This sign-in was already finished. Sign in again.',
      });
    }
    return { user, method };
  }

  /** A code from the app (not used before) or an unused recovery code (used up now). */
  private async acceptSecondFactor(userId: string, code: string): Promise<'totp' | 'recovery_code' | false> {
    const digits = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(digits)) {
      const [row] = await this.db.select().from(userTotp).where(eq(userTotp.userId, userId));
      if (!row?.confirmedAt) return false;
      const step = await this.acceptedStep(row, userId, digits);
      if (step === undefined) return false;
      // Taken only if no other request took this step (or a later one) meanwhile.
      const taken = await this.db
        .update(userTotp)
        .set({ lastStep: step })
        .where(and(eq(userTotp.userId, userId), sql`coalesce(${userTotp.lastStep}, -1) < ${step}`))
        .returning({ userId: userTotp.userId });
      return taken.length > 0 ? 'totp' : false;
    }
    const { hasher } = await this.keys();
    const hash = hasher(userId, normalizeRecoveryCode(code));
    const candidates = await this.db
      .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    const match = candidates.find((candidate) => sameHash(candidate.codeHash, hash));
    if (!match) return false;
    const used = await this.db
      .update(recoveryCodes)
      .set({ usedAt: this.clock.now() })
      .where(and(eq(recoveryCodes.id, match.id), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return used.length > 0 ? 'recovery_code' : false;
  }

  /** The step the code belongs to (now, or one step either side), if it is newer than the last accepted. */
  private async acceptedStep(
    row: typeof userTotp.$inferSelect,
    userId: string,
    code: string,
  ): Promise<number | undefined> {
    const { vault } = await this.keys();
    const secret = vault.open(row.secretSealed).toString();
    const now = this.clock.now().getTime();
    const delta = totpFor(secret, userId).validate({
      token: code.replace(/\s/g, ''),
      timestamp: now,
      window: 1,
    });
    if (delta === null) return undefined;
    const step = Math.floor(now / 1000 / STEP_SECONDS) + delta;
    if (row.lastStep !== null && step <= row.lastStep) return undefined;
    return step;
  }
}
