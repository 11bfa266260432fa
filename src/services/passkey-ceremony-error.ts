// What can go wrong in the browser's passkey dialog (cancelled, timed out, already added, no WebAuthn), in
// plain words. Its own small module: the auth machine, which every page loads, tells these errors apart
// without loading the passkey code (services/passkeys.ts) before a passkey is used.
export class PasskeyCeremonyError extends Error {
  override readonly name = 'PasskeyCeremonyError';
}
