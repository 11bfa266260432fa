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

import { t } from '@/i18n/state';
import { PasskeyCeremonyError } from './passkey-ceremony-error';

export { PasskeyCeremonyError };

// The library loads with the first passkey asked for, so pages that never use one don't download it.
const browser = () => import('@simplewebauthn/browser');

function explain(error: unknown, doing: 'add' | 'use'): PasskeyCeremonyError {
  const { name, code } = error as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return new PasskeyCeremonyError(t('account.passkeys.ceremony.alreadyAdded'));
  }
  if (name === 'NotAllowedError' || code === 'ERROR_CEREMONY_ABORTED') {
    return new PasskeyCeremonyError(
      doing === 'add' ? t('account.passkeys.ceremony.cancelled') : t('auth.passkey.cancelled'),
    );
  }
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') {
    return new PasskeyCeremonyError(t('auth.passkey.refusedAddress'));
  }
  // The browser's own words, as it gave them (its language, not necessarily the console's).
  const reason = error instanceof Error ? error.message : '';
  if (doing === 'add') {
    return new PasskeyCeremonyError(
      reason
        ? t('account.passkeys.ceremony.failedBecause', { reason })
        : t('account.passkeys.ceremony.failed'),
    );
  }
  return new PasskeyCeremonyError(
    reason ? t('auth.passkey.failedBecause', { reason }) : t('auth.passkey.failed'),
  );
}

/** Asks the authenticator for a new passkey (the person touches their key or confirms on the device). */
export async function makePasskey(options: unknown): Promise<RegistrationResponseJSON> {
  const { startRegistration, browserSupportsWebAuthn } = await browser();
  if (!browserSupportsWebAuthn()) throw new PasskeyCeremonyError(t('auth.passkey.unsupported'));
  try {
    return await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
  } catch (error) {
    throw explain(error, 'add');
  }
}

/** Asks the authenticator to sign the server's challenge with one of the person's passkeys. */
export async function signWithPasskey(options: unknown): Promise<AuthenticationResponseJSON> {
  const { startAuthentication, browserSupportsWebAuthn } = await browser();
  if (!browserSupportsWebAuthn()) throw new PasskeyCeremonyError(t('auth.passkey.unsupported'));
  try {
    return await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
  } catch (error) {
    throw explain(error, 'use');
  }
}
