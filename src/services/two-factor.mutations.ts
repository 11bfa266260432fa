// Two-factor sign-in's writes: the authenticator app turned on or off, passkeys added and removed. Each
// waits for the status it changed (the page's summary, the recovery codes left) before it counts as done.
import type { QueryClient } from '@tanstack/react-query';
import type { Passkey } from '@/contract/two-factor';
import { type Answer, useWrite, type WriteCallbacks } from './mutation';
import { confirmTotp, disableTwoFactor, finishPasskey, removePasskey } from './two-factor.api';
import { twoFactorKeys } from './two-factor.queries';

const refreshStatus = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: twoFactorKeys.status() });

export const useConfirmTotp = () => useWrite(confirmTotp, refreshStatus);

export const useDisableTwoFactor = () => useWrite(disableTwoFactor, refreshStatus);

/** Keeps the passkey the person's authenticator just made. */
export const useFinishPasskey = () => useWrite(finishPasskey, refreshStatus);

export const useRemovePasskey = (callbacks?: WriteCallbacks<Answer<typeof removePasskey>, Passkey>) =>
  useWrite((key: Passkey) => removePasskey(key.id), refreshStatus, callbacks);
