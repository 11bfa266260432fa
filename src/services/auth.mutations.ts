// The signed-in person's own writes: their name, e-mail address, phone number and sessions.

import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@/contract/auth';
import { applyAccountPreferences } from '@/i18n/account';
import type { Locale } from '@/i18n/locales';
import {
  confirmEmailChange,
  revokeSession,
  signOutOtherSessions,
  updateProfile,
  verifyPhoneCode,
} from './auth.api';
import { authKeys } from './auth.queries';
import { type Answer, useWrite, type WriteCallbacks } from './mutation';

/** The person as the server now describes them, in the cached session (the header, the settings pages). */
function storeUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(authKeys.userProfile(), (old) => (old ? { ...old, user } : old));
}

const refreshSessions = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: authKeys.sessions() });

export const useUpdateProfile = (callbacks?: WriteCallbacks<User, { name: string }>) =>
  useWrite(
    (body: { name: string }) => updateProfile(body),
    (queryClient, user) => storeUser(queryClient, user),
    callbacks,
  );

/** The person's language or time zone, stored with the account; this browser follows at once. */
export const useUpdatePreferences = () =>
  useWrite(
    (body: { locale?: Locale; timeZone?: string }) => updateProfile(body),
    (queryClient, user) => {
      storeUser(queryClient, user);
      applyAccountPreferences(user);
    },
  );

/** Confirms a new e-mail address with the code sent to it. */
export const useConfirmEmailChange = () =>
  useWrite(confirmEmailChange, (queryClient, user) => storeUser(queryClient, user));

/** Confirms a phone number with the code texted to it. */
export const useVerifyPhone = () =>
  useWrite(verifyPhoneCode, (queryClient, session) => storeUser(queryClient, session.user));

export const useRevokeSession = (callbacks?: WriteCallbacks<Answer<typeof revokeSession>, string>) =>
  useWrite(revokeSession, refreshSessions, callbacks);

export const useSignOutOtherSessions = (
  callbacks?: WriteCallbacks<Answer<typeof signOutOtherSessions>, void>,
) => useWrite(() => signOutOtherSessions(), refreshSessions, callbacks);
