// The signed-in session as the console keeps it: the spec's `token`, `user` and `userRoles` keys, and
// one signal for "the server says this session is over" that the app turns into a return to sign-in.
import type { CurrentSession } from '@/contract/auth';
import { applyAccountPreferences } from '@/i18n/account';
import { readStorage, removeStorage, writeStorage } from './storage';

/** Remembers who signed in (and drops any half-finished verification). */
export function storeSession(session: CurrentSession & { token?: string }): void {
  if (session.token) writeStorage('token', session.token);
  writeStorage('user', {
    id: session.user.id,
    name: session.user.name,
    email: session.user.email,
    phoneVerified: session.user.phoneVerified,
  });
  writeStorage(
    'userRoles',
    session.teams.map((team) => ({ teamId: team.id, role: team.role })),
  );
  removeStorage('email');
  if (session.user.phoneVerified) removeStorage('phoneNumber');
  // The account's language and zone follow the person to this browser.
  applyAccountPreferences(session.user);
}

export function hasSession(): boolean {
  return readStorage('token') !== null;
}

/** Forgets the session on this browser (the server side is revoked separately). */
export function clearSession(): void {
  for (const key of ['token', 'user', 'userRoles'] as const) removeStorage(key);
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called when the server answers 401 to a signed-in request or closes the socket for an ended session. */
export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifySessionEnded(): void {
  for (const listener of listeners) listener();
}
