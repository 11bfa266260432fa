// The browser's side of passkeys (WebAuthn, through SimpleWebAuthn's browser library): asking the
// person's authenticator to make a passkey or to sign with one, for the options the server made. What can
// go wrong there (cancelled, timed out, already added, no WebAuthn) comes back as a PasskeyCeremonyError
// in plain words; the server's refusals stay ApiErrors.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

import { PasskeyCeremonyError } from './passkey-ceremony-error';

export { PasskeyCeremonyError };

// The library loads with the first passkey asked for, so pages that never use one don't download it.
const browser = () => import('@simplewebauthn/browser');

function explain(error: unknown, doing: 'add' | 'use'): PasskeyCeremonyError {
  const { name, code } = error as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return new PasskeyCeremonyError('This passkey is already added to your account.');
  }
  if (name === 'NotAllowedError' || code === 'ERROR_CEREMONY_ABORTED') {
    return new PasskeyCeremonyError(
      doing === 'add'
        ? 'No passkey was added: the request was cancelled or timed out. Try again.'
        : 'No passkey was used: the request was cancelled or timed out. Try again, or enter a code.',
    );
  }
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') {
    return new PasskeyCeremonyError(
      'This browser refuses passkeys for this address: open the console by its name over https (or at localhost).',
    );
  }
  return new PasskeyCeremonyError(
    `Your browser could not ${doing} the passkey${error instanceof Error && error.message ? `: ${error.message}` : '.'}`,
  );
}

/** Asks the authenticator for a new passkey (the person touches their key or confirms on the device). */
export async function makePasskey(options: unknown): Promise<RegistrationResponseJSON> {
  const { startRegistration, browserSupportsWebAuthn } = await browser();
  if (!browserSupportsWebAuthn()) throw new PasskeyCeremonyError('This browser does not support passkeys.');
  try {
    return await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
  } catch (error) {
    throw explain(error, 'add');
  }
}

/** Asks the authenticator to sign the server's challenge with one of the person's passkeys. */
export async function signWithPasskey(options: unknown): Promise<AuthenticationResponseJSON> {
  const { startAuthentication, browserSupportsWebAuthn } = await browser();
  if (!browserSupportsWebAuthn()) throw new PasskeyCeremonyError('This browser does not support passkeys.');
  try {
    return await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
  } catch (error) {
    throw explain(error, 'use');
  }
}
