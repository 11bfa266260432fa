// The software passkey the server tests sign in with, checked against the real WebAuthn library: what it
// registers verifies, its assertions verify with a rising counter, and a wrong origin is refused.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import { createSoftAuthenticator } from '../support/soft-authenticator';

const ORIGIN = 'http://localhost:5173';
const RP_ID = 'localhost';

function registrationOptions() {
  return generateRegistrationOptions({
    rpName: 'Ikirere',
    rpID: RP_ID,
    userName: 'ada@example.com',
    userID: new TextEncoder().encode('user-1'),
  });
}

async function registered(passkey = createSoftAuthenticator(), requireUserVerification = true) {
  const options = await registrationOptions();
  const response = passkey.register(options, ORIGIN);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: options.challenge,
    expectedOrigin: ORIGIN,
    expectedRPID: RP_ID,
    requireUserVerification,
  });
  return { passkey, options, verification };
}

describe('soft authenticator', () => {
  it('registers a credential the library verifies', async () => {
    const { passkey, verification } = await registered();
    expect(verification.verified).toBe(true);
    const info = verification.registrationInfo!;
    expect(info.credential.id).toBe(passkey.credentialId);
    expect(info.fmt).toBe('none');
    expect(info.userVerified).toBe(true);
    expect(info.credential.counter).toBe(0);
  });

  it('signs in with that credential, its counter rising each time', async () => {
    const { passkey, options: creation, verification } = await registered();
    let credential = verification.registrationInfo!.credential;
    for (const expected of [1, 2]) {
      const options = await generateAuthenticationOptions({
        rpID: RP_ID,
        allowCredentials: [{ id: credential.id, transports: ['internal'] }],
      });
      const response = passkey.authenticate(options, ORIGIN);
      expect(response.response.userHandle).toBe(creation.user.id);
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: options.challenge,
        expectedOrigin: ORIGIN,
        expectedRPID: RP_ID,
        credential,
        requireUserVerification: true,
      });
      expect(result.verified).toBe(true);
      expect(result.authenticationInfo.newCounter).toBe(expected);
      credential = { ...credential, counter: result.authenticationInfo.newCounter };
    }
  });

  it('is refused from another origin', async () => {
    const options = await registrationOptions();
    const response = createSoftAuthenticator().register(options, 'https://evil.example');
    await expect(
      verifyRegistrationResponse({
        response,
        expectedChallenge: options.challenge,
        expectedOrigin: ORIGIN,
        expectedRPID: RP_ID,
      }),
    ).rejects.toThrow(/origin/i);
  });

  it('refuses a sign-in that does not allow its credential', async () => {
    const { passkey } = await registered();
    const options = await generateAuthenticationOptions({
      rpID: RP_ID,
      allowCredentials: [{ id: 'c29tZS1vdGhlci1jcmVkZW50aWFs' }],
    });
    expect(() => passkey.authenticate(options, ORIGIN)).toThrow(/allowCredentials/);
  });

  it('leaves UV unset when told the user was not verified', async () => {
    const { passkey, verification } = await registered(
      createSoftAuthenticator({ userVerified: false }),
      false,
    );
    expect(verification.registrationInfo!.userVerified).toBe(false);
    const options = await generateAuthenticationOptions({ rpID: RP_ID });
    await expect(
      verifyAuthenticationResponse({
        response: passkey.authenticate(options, ORIGIN),
        expectedChallenge: options.challenge,
        expectedOrigin: ORIGIN,
        expectedRPID: RP_ID,
        credential: verification.registrationInfo!.credential,
        requireUserVerification: true,
      }),
    ).rejects.toThrow(/verif/i);
  });
});
