// How the sandbox signs its callbacks, the way real providers do: HMAC-SHA256 over "<timestamp>.<raw body>"
// with a secret only this installation knows, the timestamp in its own header. A callback older (or
// further in the future) than five minutes is refused, which bounds how long a captured one could be
// replayed; the server also refuses an event id it has already taken.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Ikirere-Sandbox-Signature';
export const TIMESTAMP_HEADER = 'Ikirere-Sandbox-Timestamp';
export const CALLBACK_TOLERANCE_MS = 5 * 60_000;

/** A purpose-bound key, so the installation secret is never used directly for two jobs. */
export function deriveSandboxSecret(instanceSecret: string): string {
  return createHmac('sha256', instanceSecret)
    .update('ikirere sandbox payment callbacks v1')
    .digest('base64url');
}

export function signCallback(secret: string, timestampSeconds: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

export function checkSignature(secret: string, headers: Headers, rawBody: string, now: Date): SignatureCheck {
  const timestampText = headers.get(TIMESTAMP_HEADER) ?? '';
  const signature = headers.get(SIGNATURE_HEADER) ?? '';
  if (!/^\d{1,12}$/.test(timestampText) || !/^[0-9a-f]{64}$/.test(signature)) {
    return { ok: false, reason: 'The callback is not signed.' };
  }
  const expected = Buffer.from(signCallback(secret, Number(timestampText), rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    return { ok: false, reason: 'The callback’s signature does not match.' };
  }
  if (Math.abs(now.getTime() - Number(timestampText) * 1000) > CALLBACK_TOLERANCE_MS) {
    return { ok: false, reason: 'The callback is more than five minutes old.' };
  }
  return { ok: true };
}
