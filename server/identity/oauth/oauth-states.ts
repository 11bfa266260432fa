// Social sign-ins in progress. Each one has a single-use state (stored hashed), its PKCE verifier, a nonce
// for OpenID, and the hash of a cookie set on the browser that started it: a callback only completes the
// sign-in in that same browser, which stops an attacker from slipping their own account into a victim's.
import { and, eq, isNull, lt } from 'drizzle-orm';
import * as oauth from 'oauth4webapi';
import type { SocialProvider } from '@/contract/auth';
import { problemTypes } from '@/contract/problem';
import type { Database } from '../../db';
import { oauthStates } from '../../db/schema';
import { ProblemError } from '../../http/problem';
import { t } from '../../i18n/t';
import { addMs, type Clock } from '../clock';
import { sameHash, sha256 } from '../secrets';

export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export type OAuthStateRecord = typeof oauthStates.$inferSelect;

export interface StartedSignIn {
  state: string;
  codeVerifier: string;
  nonce: string | null;
}

type InvalidReason = 'unknown' | 'used' | 'expired' | 'other-browser' | 'provider-off';

const DETAILS = {
  unknown: 'identity.problem.oauthState.unknown',
  used: 'identity.problem.oauthState.used',
  expired: 'identity.problem.oauthState.expired',
  'other-browser': 'identity.problem.oauthState.otherBrowser',
  'provider-off': 'identity.problem.oauthState.providerOff',
} as const satisfies Record<InvalidReason, string>;

export function oauthStateInvalid(reason: InvalidReason): ProblemError {
  return new ProblemError(400, {
    type: problemTypes.oauthStateInvalid,
    title: t('identity.problem.oauthState.title'),
    detail: t(DETAILS[reason]),
  });
}

export class OAuthStates {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async start(provider: SocialProvider, bindingHash: string, usesNonce: boolean): Promise<StartedSignIn> {
    const now = this.clock.now();
    // Abandoned sign-ins are useless after their 10 minutes; a day's grace keeps "already used" answers.
    await this.db.delete(oauthStates).where(lt(oauthStates.expiresAt, addMs(now, -24 * 60 * 60_000)));
    const started: StartedSignIn = {
      state: oauth.generateRandomState(),
      codeVerifier: oauth.generateRandomCodeVerifier(),
      nonce: usesNonce ? oauth.generateRandomNonce() : null,
    };
    await this.db.insert(oauthStates).values({
      stateHash: sha256(started.state),
      provider,
      codeVerifier: started.codeVerifier,
      nonce: started.nonce,
      bindingHash,
      createdAt: now,
      expiresAt: addMs(now, OAUTH_STATE_TTL_MS),
    });
    return started;
  }

  /**
   * Spends the state whatever happens next, so a state is tried once only, then checks its age and that
   * this browser started it. Throws oauthStateInvalid with the reason in plain words.
   */
  async consume(state: string, bindingHash: string | null): Promise<OAuthStateRecord> {
    const now = this.clock.now();
    const stateHash = sha256(state);
    const [spent] = await this.db
      .update(oauthStates)
      .set({ consumedAt: now })
      .where(and(eq(oauthStates.stateHash, stateHash), isNull(oauthStates.consumedAt)))
      .returning();
    if (!spent) {
      const [known] = await this.db
        .select({ id: oauthStates.id })
        .from(oauthStates)
        .where(eq(oauthStates.stateHash, stateHash));
      throw oauthStateInvalid(known ? 'used' : 'unknown');
    }
    if (spent.expiresAt <= now) throw oauthStateInvalid('expired');
    if (bindingHash === null || !sameHash(bindingHash, spent.bindingHash))
      throw oauthStateInvalid('other-browser');
    return spent;
  }
}
