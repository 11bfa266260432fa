// A software passkey for the server tests: answers the server's WebAuthn options as a browser with a
// platform authenticator would, with one P-256 (ES256) key held in memory, attestation "none".
//
//   const passkey = createSoftAuthenticator();
//   const attestation = passkey.register(creationOptions, 'http://localhost:5173');  // → verifyRegistrationResponse
//   const assertion = passkey.authenticate(requestOptions, 'http://localhost:5173'); // → verifyAuthenticationResponse
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyAdded } from '@/contract/two-factor';
import type { IdentityTestApp } from './identity';
import { expectStatus, send } from './teams';

export interface SoftAuthenticator {
  /** Answers navigator.credentials.create() for these options (as the server's JSON options), as the browser would for `origin`. */
  register(options: PublicKeyCredentialCreationOptionsJSON, origin: string): RegistrationResponseJSON;
  /** Answers navigator.credentials.get() with the credential it made (must be in allowCredentials when that list is non-empty; throw otherwise). Increments its signature counter. */
  authenticate(options: PublicKeyCredentialRequestOptionsJSON, origin: string): AuthenticationResponseJSON;
  /** The credential id (base64url) of the credential it holds, once registered. */
  readonly credentialId: string | undefined;
}

// Authenticator data flags (WebAuthn §6.1): user present, user verified, attested credential data included.
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

export function createSoftAuthenticator(opts: { userVerified?: boolean } = {}): SoftAuthenticator {
  const userFlags = UP | (opts.userVerified === false ? 0 : UV);
  let credential: Credential | undefined;

  return {
    get credentialId() {
      return credential?.id.toString('base64url');
    },

    register(options, origin) {
      if (!options.pubKeyCredParams.some((param) => param.alg === -7)) {
        throw new Error('soft authenticator: the options do not accept ES256 (alg -7)');
      }
      const held = credential?.id.toString('base64url');
      if (held && options.excludeCredentials?.some((c) => c.id === held)) {
        throw new Error('soft authenticator: this authenticator already holds an excluded credential');
      }
      // A new registration replaces the credential held before, as a fresh passkey would.
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      credential = { id: randomBytes(16), privateKey, userHandle: options.user.id, counter: 0 };

      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = cbor(
        new Map<number, CborValue>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credential.id.length);
      const authData = Buffer.concat([
        authenticatorData(options.rp.id ?? new URL(origin).hostname, userFlags | AT, credential.counter),
        Buffer.alloc(16), // AAGUID: all zeros, as with attestation "none"
        idLength,
        credential.id,
        coseKey,
      ]);
      const attestationObject = cbor(
        new Map<string, CborValue>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      const id = credential.id.toString('base64url');
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: clientData('webauthn.create', options.challenge, origin).toString('base64url'),
          attestationObject: attestationObject.toString('base64url'),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    authenticate(options, origin) {
      if (!credential) throw new Error('soft authenticator: nothing registered yet');
      const id = credential.id.toString('base64url');
      const allowed = options.allowCredentials ?? [];
      if (allowed.length > 0 && !allowed.some((c) => c.id === id)) {
        throw new Error('soft authenticator: its credential is not in allowCredentials');
      }
      credential.counter += 1;
      const authData = authenticatorData(
        options.rpId ?? new URL(origin).hostname,
        userFlags,
        credential.counter,
      );
      const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
      // The assertion signature covers authData followed by the hash of clientDataJSON (DER-encoded ECDSA).
      const signature = sign(
        'sha256',
        Buffer.concat([authData, sha256(clientDataJSON)]),
        credential.privateKey,
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: clientDataJSON.toString('base64url'),
          authenticatorData: authData.toString('base64url'),
          signature: signature.toString('base64url'),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}

function sha256(data: string | Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

/** rpIdHash (32 bytes), flags (1), signature counter (4, big-endian): the fixed start of authenticator data. */
function authenticatorData(rpId: string, flags: number, counter: number): Buffer {
  const tail = Buffer.alloc(5);
  tail.writeUInt8(flags, 0);
  tail.writeUInt32BE(counter, 1);
  return Buffer.concat([sha256(rpId), tail]);
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

// Just enough CBOR (RFC 8949) for a COSE key and an attestation object: integers, text and byte strings,
// and maps (written in the order given).
type CborValue = number | string | Buffer | Map<number | string, CborValue>;

function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') {
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

/** The first byte(s) of a CBOR item: major type in the top 3 bits, then the argument (a value or length). */
function cborHead(major: number, argument: number): Buffer {
  if (argument < 24) return Buffer.from([(major << 5) | argument]);
  if (argument < 0x100) return Buffer.from([(major << 5) | 24, argument]);
  if (argument < 0x10000) {
    const head = Buffer.from([(major << 5) | 25, 0, 0]);
    head.writeUInt16BE(argument, 1);
    return head;
  }
  const head = Buffer.from([(major << 5) | 26, 0, 0, 0, 0]);
  head.writeUInt32BE(argument, 1);
  return head;
}

/** The origin the test app's requests come to (app.request's default host): the relying party is "localhost". */
export const TEST_ORIGIN = 'http://localhost';

/** Adds a new software passkey to the account behind `token` through the API; answers it and the reply. */
export async function addPasskey(t: IdentityTestApp, token: string, name = 'Laptop') {
  const passkey = createSoftAuthenticator();
  const started = await send(t, 'POST', '/users/me/two-factor/passkeys/options', { token, body: { name } });
  expectStatus(started, 200);
  const added = await send(t, 'POST', '/users/me/two-factor/passkeys', {
    token,
    body: { response: passkey.register(started.body.options, TEST_ORIGIN) },
  });
  expectStatus(added, 201);
  return { passkey, added: added.body as PasskeyAdded };
}
