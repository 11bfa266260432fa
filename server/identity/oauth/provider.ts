// What sign-in needs from a social provider, whatever protocol it speaks (GitHub's OAuth 2.0 plus REST
// API, or OpenID Connect).
import type { SocialProvider } from '@/contract/auth';

export interface ProviderProfile {
  /** The provider's stable id for the person: identities are keyed by (provider, subject). */
  subject: string;
  email: string | null;
  /** Only a verified address may create an account; an unverified one proves nothing. */
  emailVerified: boolean;
  name: string | null;
}

export interface AuthorizationRequest {
  state: string;
  codeChallenge: string;
  /** OpenID providers only. */
  nonce: string | null;
  redirectUri: string;
}

export interface CodeExchange {
  code: string;
  state: string;
  codeVerifier: string;
  nonce: string | null;
  redirectUri: string;
}

export interface SocialProviderClient {
  readonly id: SocialProvider;
  /** As the sign-in button names it. */
  readonly name: string;
  readonly usesNonce: boolean;
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /** Exchanges the code (with the PKCE verifier) and reads who signed in; throws ProviderFailure. */
  complete(exchange: CodeExchange): Promise<ProviderProfile>;
}

/** The provider refused or answered something unusable; the cause is logged, never shown. */
export class ProviderFailure extends Error {
  constructor(
    readonly provider: SocialProvider,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderFailure';
  }
}

/**
 * oauth4webapi refuses plain http:// endpoints, rightly. The one exception is a provider on this very
 * machine (the local authorization server the tests run), where there is no network to protect.
 */
export function isLoopback(url: string | URL): boolean {
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

export const PROVIDER_TIMEOUT_MS = 10_000;
