// Two-factor sign-in: an authenticator app (TOTP, RFC 6238, through the otpauth library: SHA-1, 6 digits,
// 30-second steps, the step before and after accepted for clock drift), passkeys and security keys
// (WebAuthn, passkeys.ts), and ten single-use recovery codes issued when the first of them is turned on.
// The app's secret is sealed at rest; recovery codes are kept only as HMACs. A code is accepted once: the
// last accepted step is remembered, so a code seen over a shoulder cannot be replayed within its minute.
//
// With the app on, a proven first factor (e-mail code, GitHub, Google) opens a challenge instead of a
// session (accounts.ts signIn): 10 minutes and 5 wrong codes at most, besides the per-network limit on
// entering codes. Every change is e-mailed to the person.
import { randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Passkey, TotpSetup, TwoFactorStatus } from '@/contract/two-factor';
import type { Database, Transaction } from '../db';
import { recoveryCodes, secondFactorChallenges, teamMembers, teams, users, userTotp } from '../db/schema';
import { fieldProblem, ProblemError } from '../http/problem';
import { t } from '../i18n/t';
import type { Clock } from './clock';
import { Passkeys, passkeyRefused, toPasskey } from './passkeys';
import { type CodeHasher, createCodeHasher, createVault, sameHash, type Vault } from './secrets';
import type { UserRecord } from './sessions';

const ISSUER = 'Ikirere';
const STEP_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
const CHALLENGE_MS = 10 * 60_000;
const CHALLENGE_TRIES = 5;
/** Recovery codes read aloud or typed: no 0/O or 1/l to confuse. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const checkTheCode = () => ({ title: t('identity.problem.checkTheCode') });

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

/**
 * SQL: whether the user whose id is in `userId` signs in with a second factor — a confirmed authenticator
 * app or a passkey. One definition for sign-in, a team's requirement and the live updates it withholds.
 */
export function usesTwoFactor(userIdColumn: 'users.id' | 'team_members.user_id'): SQL<boolean> {
  // Written out whole: drizzle leaves columns in a select list unqualified, which would be ambiguous here.
  const id = sql.raw(userIdColumn);
  return sql<boolean>`(exists (select 1 from user_totp where user_totp.user_id = ${id} and user_totp.confirmed_at is not null) or exists (select 1 from passkeys where passkeys.user_id = ${id}))`;
}

export class TwoFactor {
  private secrets: Promise<{ vault: Vault; hasher: CodeHasher }> | undefined;

  readonly passkeys: Passkeys;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly instanceSecret: () => Promise<string>,
  ) {
    this.passkeys = new Passkeys(db, clock);
  }

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
    const keys = await this.passkeys.list(this.db, userId);
    const [left] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    const on = Boolean(totp?.confirmedAt) || keys.length > 0;
    return {
      on,
      totpSince: totp?.confirmedAt?.toISOString() ?? null,
      passkeys: keys.map(toPasskey),
      recoveryCodesLeft: on ? (left?.count ?? 0) : 0,
    };
  }

  /** Whether signing in needs a second factor (an authenticator app or a passkey). */
  async isOn(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ on: usesTwoFactor('users.id') })
      .from(users)
      .where(eq(users.id, userId));
    return row?.on === true;
  }

  /** A new secret to scan; not on until confirmed. 409 while the app is already on. */
  async startTotp(user: UserRecord): Promise<TotpSetup> {
    const [current] = await this.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    if (current?.confirmedAt) {
      throw new ProblemError(409, {
        title: t('identity.problem.totp.alreadySetUp.title'),
        detail: t('identity.problem.totp.alreadySetUp.detail'),
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
      throw fieldProblem('code', t('identity.problem.totp.noSetUp'), {
        ...checkTheCode(),
        status: 409,
      });
    }
    const step = await this.acceptedStep(row, userId, code);
    if (step === undefined) {
      throw fieldProblem('code', t('identity.problem.totp.wrongSetUpCode'), checkTheCode());
    }
    const now = this.clock.now();
    await this.keys(); // read before the transaction: the installation secret may need the database
    return this.db.transaction(async (tx) => {
      await tx.update(userTotp).set({ confirmedAt: now, lastStep: step }).where(eq(userTotp.userId, userId));
      return this.issueRecoveryCodes(tx, userId);
    });
  }

  /** Ten new recovery codes in place of any left (shown once: only their HMACs are kept). */
  private async issueRecoveryCodes(tx: Transaction, userId: string): Promise<string[]> {
    const now = this.clock.now();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const { hasher } = await this.keys();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((item) => ({ userId, codeHash: hasher(userId, item), createdAt: now })));
    return codes;
  }

  /**
   * Removes the authenticator app, with a code from it or a recovery code. With no passkey left, two-factor
   * sign-in is then off and the recovery codes go too.
   */
  async disable(userId: string, code: string): Promise<void> {
    const [totp] = await this.db.select().from(userTotp).where(eq(userTotp.userId, userId));
    if (!totp?.confirmedAt) {
      throw fieldProblem('code', t('identity.problem.totp.none'), { ...checkTheCode(), status: 409 });
    }
    const lastFactor = (await this.passkeys.count(this.db, userId)) === 0;
    if (lastFactor) await this.assertMayTurnOff(this.db, userId);
    if (!(await this.acceptSecondFactor(userId, code))) {
      throw fieldProblem('code', t('identity.problem.totp.wrongCode'), checkTheCode());
    }
    await this.db.transaction(async (tx) => {
      await tx.delete(userTotp).where(eq(userTotp.userId, userId));
      if ((await this.passkeys.count(tx, userId)) === 0) {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      }
    });
  }

  /**
   * Keeps the passkey the browser just made (passkeys.ts checked it); the recovery codes when it turned
   * two-factor sign-in on, else null.
   */
  async addPasskey(
    userId: string,
    response: RegistrationResponseJSON,
    consoleOrigin: string,
  ): Promise<{ passkey: Passkey; recoveryCodes: string[] | null }> {
    await this.keys(); // read before the transaction: the installation secret may need the database
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ on: usesTwoFactor('users.id') })
        .from(users)
        .where(eq(users.id, userId));
      const row = await this.passkeys.finishRegistration(tx, userId, response, consoleOrigin);
      const codes = before?.on ? null : await this.issueRecoveryCodes(tx, userId);
      return { passkey: toPasskey(row), recoveryCodes: codes };
    });
  }

  /** Removes a passkey (404 when the person has no such key); the last factor takes the recovery codes along. */
  async removePasskey(userId: string, id: string): Promise<Passkey> {
    return this.db.transaction(async (tx) => {
      const [row] = (await this.passkeys.list(tx, userId)).filter((key) => key.id === id);
      if (!row) throw passkeyNotFound();
      const [totp] = await tx.select().from(userTotp).where(eq(userTotp.userId, userId));
      const lastFactor = !totp?.confirmedAt && (await this.passkeys.count(tx, userId)) === 1;
      if (lastFactor) await this.assertMayTurnOff(tx, userId);
      await this.passkeys.remove(tx, userId, id);
      if (lastFactor) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      return toPasskey(row);
    });
  }

  /** An owner cannot drop their last second factor while a team of theirs requires two-factor sign-in. */
  private async assertMayTurnOff(db: Database | Transaction, userId: string): Promise<void> {
    const owned = await db
      .select({ name: teams.name })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(
        and(
          eq(teamMembers.userId, userId),
          eq(teamMembers.role, 'OWNER'),
          eq(teamMembers.status, 'ACTIVE'),
          eq(teams.requireTwoFactor, true),
        ),
      );
    if (owned.length > 0) {
      const names = owned.map((team) => team.name).join(', ');
      throw new ProblemError(409, {
        title: t('identity.problem.teamRequiresIt.title'),
        detail: t('identity.problem.teamRequiresIt.detail', { teams: names, count: owned.length }),
      });
    }
  }

  /** Opens the challenge a sign-in must answer with its second factor, and what may answer it. */
  async challenge(
    userId: string,
  ): Promise<{ challengeId: string; expiresAt: Date; methods: ('totp' | 'passkey' | 'recovery_code')[] }> {
    const now = this.clock.now();
    // Challenges are useless after their 10 minutes; a day's grace keeps "sign in again" answers.
    await this.db
      .delete(secondFactorChallenges)
      .where(lt(secondFactorChallenges.expiresAt, new Date(now.getTime() - 24 * 3_600_000)));
    const [row] = await this.db
      .insert(secondFactorChallenges)
      .values({ userId, createdAt: now, expiresAt: new Date(now.getTime() + CHALLENGE_MS) })
      .returning();
    const [totp] = await this.db.select().from(userTotp).where(eq(userTotp.userId, userId));
    const methods: ('totp' | 'passkey' | 'recovery_code')[] = [];
    if (totp?.confirmedAt) methods.push('totp');
    if ((await this.passkeys.count(this.db, userId)) > 0) methods.push('passkey');
    methods.push('recovery_code');
    return { challengeId: row!.id, expiresAt: row!.expiresAt, methods };
  }

  /** An open challenge, or 410 once it expired, was used or had its tries. */
  private async openChallenge(challengeId: string) {
    const [challenge] = await this.db
      .select()
      .from(secondFactorChallenges)
      .where(eq(secondFactorChallenges.id, challengeId));
    if (
      !challenge ||
      challenge.usedAt ||
      challenge.expiresAt <= this.clock.now() ||
      challenge.failedAttempts >= CHALLENGE_TRIES
    ) {
      throw new ProblemError(410, {
        title: t('identity.problem.signInAgain.title'),
        detail: t('identity.problem.signInAgain.expired'),
      });
    }
    return challenge;
  }

  /** Counts a wrong answer; the tries left. */
  private async failedTry(challengeId: string): Promise<number> {
    const [updated] = await this.db
      .update(secondFactorChallenges)
      .set({ failedAttempts: sql`${secondFactorChallenges.failedAttempts} + 1` })
      .where(eq(secondFactorChallenges.id, challengeId))
      .returning({ failedAttempts: secondFactorChallenges.failedAttempts });
    return CHALLENGE_TRIES - (updated?.failedAttempts ?? CHALLENGE_TRIES);
  }

  /** Uses the challenge up (once only) and answers whose sign-in it was. */
  private async finishChallenge(challengeId: string, userId: string): Promise<UserRecord> {
    const [used] = await this.db
      .update(secondFactorChallenges)
      .set({ usedAt: this.clock.now() })
      .where(and(eq(secondFactorChallenges.id, challengeId), isNull(secondFactorChallenges.usedAt)))
      .returning();
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!used || !user) {
      throw new ProblemError(410, {
        title: t('identity.problem.signInAgain.title'),
        detail: t('identity.problem.signInAgain.finished'),
      });
    }
    return user;
  }

  /** WebAuthn options for answering the challenge with a passkey; the challenge keeps what must be signed. */
  async passkeyOptions(challengeId: string, consoleOrigin: string) {
    const challenge = await this.openChallenge(challengeId);
    const options = await this.passkeys.signInOptions(challenge.userId, consoleOrigin);
    await this.db
      .update(secondFactorChallenges)
      .set({ passkeyChallenge: options.challenge })
      .where(eq(secondFactorChallenges.id, challengeId));
    return options;
  }

  /** Answers a challenge with a passkey's signature: the user, or a 422 (a try counted) when refused. */
  async verifyPasskeyChallenge(
    challengeId: string,
    response: AuthenticationResponseJSON,
    consoleOrigin: string,
  ): Promise<UserRecord> {
    const challenge = await this.openChallenge(challengeId);
    const signed =
      challenge.passkeyChallenge !== null &&
      (await this.passkeys.verifySignIn(
        challenge.userId,
        challenge.passkeyChallenge,
        response,
        consoleOrigin,
      ));
    if (!signed) {
      const left = await this.failedTry(challengeId);
      if (left === 0) {
        throw new ProblemError(410, {
          title: t('identity.problem.signInAgain.title'),
          detail: t('identity.problem.signInAgain.passkeyNoTries'),
        });
      }
      throw passkeyRefused();
    }
    return this.finishChallenge(challengeId, challenge.userId);
  }

  /**
   * Answers a challenge: the user when the code is right (the challenge is then used up); a 422 beside the
   * code field when wrong, and a 410 once the challenge expired, was used or had its tries.
   */
  async verifyChallenge(
    challengeId: string,
    code: string,
  ): Promise<{ user: UserRecord; method: 'totp' | 'recovery_code' }> {
    const challenge = await this.openChallenge(challengeId);
    const method = await this.acceptSecondFactor(challenge.userId, code);
    if (!method) {
      const left = await this.failedTry(challengeId);
      throw fieldProblem(
        'code',
        left > 0
          ? t('identity.problem.codeIncorrect.triesLeft', { count: left })
          : t('identity.problem.signInAgain.codeNoTries'),
        checkTheCode(),
      );
    }
    return { user: await this.finishChallenge(challengeId, challenge.userId), method };
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

/** A passkey of someone else, or none: the same 404 (also for an id no passkey could have). */
export function passkeyNotFound(): ProblemError {
  return new ProblemError(404, { detail: t('identity.problem.passkeyNotFound') });
}
