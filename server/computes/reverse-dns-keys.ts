// The DNSSEC key of each reverse zone when the operator signs them (REVERSE_DNS_DNSSEC): an ECDSA P-256
// key derived from the installation secret and the zone's name (HKDF-SHA256). Derived rather than stored:
// every server sharing the database signs with the same key, a restart keeps it (the DS given to the
// block's parent stays right), and nothing secret is written anywhere new.
import { createECDH, createPrivateKey, hkdfSync } from 'node:crypto';
import { type ZoneKey, zoneKeyFrom } from '../dns/dnssec/keys';

/** The order of P-256's group: a private key is a number from 1 to N − 1. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

export function reverseZoneKeys(instanceSecret: string): (zone: string) => ZoneKey[] {
  const cache = new Map<string, ZoneKey>();
  return (zone) => {
    let key = cache.get(zone);
    if (!key) {
      key = derivedKey(instanceSecret, zone);
      cache.set(zone, key);
    }
    return [key];
  };
}

function derivedKey(instanceSecret: string, zone: string): ZoneKey {
  for (let attempt = 0; ; attempt++) {
    const scalar = Buffer.from(
      hkdfSync('sha256', instanceSecret, 'ikirere reverse dns zone key v1', `${zone}#${attempt}`, 32),
    );
    const value = BigInt(`0x${scalar.toString('hex')}`);
    // Out of range with odds of 2^-32; the next attempt is another number.
    if (value === 0n || value >= P256_ORDER) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(scalar);
    const point = ecdh.getPublicKey();
    const privateKey = createPrivateKey({
      format: 'jwk',
      key: {
        kty: 'EC',
        crv: 'P-256',
        d: scalar.toString('base64url'),
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
    });
    return zoneKeyFrom(`reverse:${zone}`, privateKey.export({ format: 'der', type: 'pkcs8' }));
  }
}
