// Passkeys and security keys (WebAuthn, through SimpleWebAuthn): registering one as a second factor and
// checking the signature it makes when signing in. Only the public key is kept; the ceremony's challenge
// is kept server-side (a registration for 5 minutes; a sign-in's on its second-factor challenge), so an
// answer is accepted once, for this console's origin and relying-party id only.
//
// The relying party is the console's origin (PUBLIC_URL, else the address the request came to): its host
// name is the RP ID. Browsers refuse WebAuthn on an IP address, so a console reached at one says so.
import { isIP } from 'node:net';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Passkey } from '@/contract/two-factor';
import type { Database, Transaction } from '../db';
import { passkeyRegistrations, passkeys } from '../db/schema';
import { fieldProblem, ProblemError } from '../http/problem';
import { t } from '../i18n/t';
import type { Clock } from './clock';
import type { UserRecord } from './sessions';

// The library (about 0.3 s to load) loads with the first passkey ceremony, not with every server start.
const webauthn = () => import('@simplewebauthn/server');

const RP_NAME = 'Ikirere';
const REGISTRATION_MS = 5 * 60_000;
/** A person keeps a handful of keys; the limit keeps a stolen session from piling them up. */
const MOST_PASSKEYS = 20;

type Row = typeof passkeys.$inferSelect;

export function toPasskey(row: Row): Passkey {
  return {
    id: row.id,
    name: row.name,
    backedUp: row.backedUp,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The relying party of a console origin, or a 409 in words where browsers would refuse WebAuthn. */
function relyingParty(origin: string): { origin: string; rpID: string } {
  const { hostname } = new URL(origin);
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) {
    throw new ProblemError(409, {
      title: t('identity.problem.passkey.needsName.title'),
      detail: t('identity.problem.passkey.needsName.detail', { host }),
    });
  }
  return { origin, rpID: host };
}

export const passkeyRefused = () =>
  fieldProblem('passkey', t('identity.problem.passkey.refused.detail'), {
    title: t('identity.problem.passkey.refused.title'),
  });

export class Passkeys {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async list(db: Database | Transaction, userId: string): Promise<Row[]> {
    return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
  }

  /** Options for navigator.credentials.create(); the challenge waits 5 minutes for the browser's answer. */
  async startRegistration(
    user: UserRecord,
    name: string,
    consoleOrigin: string,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const { rpID } = relyingParty(consoleOrigin);
    const existing = await this.list(this.db, user.id);
    if (existing.length >= MOST_PASSKEYS) {
      throw fieldProblem('name', t('identity.problem.passkey.tooMany.detail', { most: MOST_PASSKEYS }), {
        status: 409,
        title: t('identity.problem.passkey.tooMany.title'),
      });
    }
    const sameName = existing.find((row) => row.name.toLowerCase() === name.toLowerCase());
    if (sameName) {
      throw fieldProblem('name', t('identity.problem.passkey.nameInUse.detail', { name: sameName.name }), {
        status: 409,
        title: t('identity.problem.passkey.nameInUse.title'),
      });
    }
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName: user.email,
      userDisplayName: user.name,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      // The same key twice would add nothing: the browser says it is already registered.
      excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      timeout: REGISTRATION_MS,
    });
    const expiresAt = new Date(this.clock.now().getTime() + REGISTRATION_MS);
    await this.db
      .insert(passkeyRegistrations)
      .values({ userId: user.id, challenge: options.challenge, name, expiresAt })
      .onConflictDoUpdate({
        target: passkeyRegistrations.userId,
        set: { challenge: options.challenge, name, expiresAt },
      });
    return options;
  }

  /**
   * Checks the browser's answer to the registration started last and keeps the new key, inside `tx` (the
   * caller issues recovery codes in the same transaction when this turns two-factor sign-in on).
   */
  async finishRegistration(
    tx: Transaction,
    userId: string,
    response: RegistrationResponseJSON,
    consoleOrigin: string,
  ): Promise<Row> {
    const { origin, rpID } = relyingParty(consoleOrigin);
    const now = this.clock.now();
    const [pending] = await tx
      .delete(passkeyRegistrations)
      .where(eq(passkeyRegistrations.userId, userId))
      .returning();
    if (!pending || pending.expiresAt <= now) {
      throw fieldProblem('name', t('identity.problem.passkey.tooSlow.detail'), {
        status: 410,
        title: t('identity.problem.passkey.tooSlow.title'),
      });
    }
    let verification: VerifiedRegistrationResponse;
    try {
      const { verifyRegistrationResponse } = await webauthn();
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: pending.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      });
    } catch {
      verification = { verified: false };
    }
    if (!verification.verified) {
      throw fieldProblem('name', t('identity.problem.passkey.unchecked.detail'), {
        title: t('identity.problem.passkey.unchecked.title'),
      });
    }
    const { credential, credentialBackedUp } = verification.registrationInfo;
    const [row] = await tx
      .insert(passkeys)
      .values({
        id: credential.id,
        userId,
        name: pending.name,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        backedUp: credentialBackedUp,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw fieldProblem('name', t('identity.problem.passkey.alreadyAdded.detail'), {
        status: 409,
        title: t('identity.problem.passkey.alreadyAdded.title'),
      });
    }
    return row;
  }

  /** Options for navigator.credentials.get(), allowing the person's own keys. */
  async signInOptions(userId: string, consoleOrigin: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const { rpID } = relyingParty(consoleOrigin);
    const keys = await this.list(this.db, userId);
    if (keys.length === 0) {
      throw fieldProblem('passkey', t('identity.problem.passkey.none.detail'), {
        status: 409,
        title: t('identity.problem.passkey.none.title'),
      });
    }
    const { generateAuthenticationOptions } = await webauthn();
    return generateAuthenticationOptions({
      rpID,
      allowCredentials: keys.map((row) => ({ id: row.id, transports: row.transports as never })),
      userVerification: 'preferred',
    });
  }

  /**
   * Whether `response` is a signature by one of the person's keys over `challenge` for this console; its
   * counter and last use are kept. A counter that went backwards (a cloned key) is refused.
   */
  async verifySignIn(
    userId: string,
    challenge: string,
    response: AuthenticationResponseJSON,
    consoleOrigin: string,
  ): Promise<boolean> {
    const { origin, rpID } = relyingParty(consoleOrigin);
    const [row] = await this.db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.id, response.id), eq(passkeys.userId, userId)));
    if (!row) return false;
    try {
      const { verifyAuthenticationResponse } = await webauthn();
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: row.id,
          publicKey: Buffer.from(row.publicKey, 'base64url'),
          counter: row.counter,
          transports: row.transports as never,
        },
        requireUserVerification: false,
      });
      if (!verified) return false;
      await this.db
        .update(passkeys)
        .set({ counter: authenticationInfo.newCounter, lastUsedAt: this.clock.now() })
        .where(eq(passkeys.id, row.id));
      return true;
    } catch {
      return false;
    }
  }

  /** Removes one of the person's keys; false when they have no such key. */
  async remove(tx: Transaction, userId: string, id: string): Promise<boolean> {
    const removed = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
      .returning({ id: passkeys.id });
    return removed.length > 0;
  }

  async count(db: Database | Transaction, userId: string): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(passkeys)
      .where(eq(passkeys.userId, userId));
    return row?.count ?? 0;
  }
}
