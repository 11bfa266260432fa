// Ending a session on this browser, whether the user signed out or the server said it was over.

import { showToast } from '@/app-actors';
import { t } from '@/i18n/state';
import type { AppRouter } from '@/router';
import { loadedQueryClient } from '@/services/query-client';
import { clearSession, hasSession } from '@/services/session';
import { writeStorage } from '@/services/storage';

function forget(router: AppRouter) {
  const { actors } = router.options.context;
  clearSession();
  loadedQueryClient()?.clear();
  actors.auth.send({ type: 'session.ended' });
}

/** The user chose to sign out: revoke the session on the server, forget it here, go to sign-in. */
export async function signOut(router: AppRouter): Promise<void> {
  try {
    const { signOut: revokeOnServer } = await import('@/services/auth.api');
    await revokeOnServer();
  } catch {
    // Offline or already ended: forgetting it here is what the user asked for; the server expires it.
  }
  forget(router);
  showToast(router.options.context.actors, { tone: 'success', title: t('shell.signedOut') });
  await router.navigate({ to: '/auth/login' });
}

/** The server refused the session (revoked elsewhere, expired): back to sign-in, then back here. */
export function sessionEnded(router: AppRouter): void {
  if (!hasSession()) return;
  const { location } = router.state;
  if (!location.pathname.startsWith('/auth')) writeStorage('intendedPath', location.href);
  forget(router);
  showToast(router.options.context.actors, {
    tone: 'info',
    title: t('shell.sessionEnded.title'),
    description: t('shell.sessionEnded.text'),
  });
  void router.navigate({ to: '/auth/login' });
}
