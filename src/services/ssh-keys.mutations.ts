// Saved SSH keys added and deleted: the person's list and the teams' shared lists follow.
import type { QueryClient } from '@tanstack/react-query';
import type { SshKey } from '@/contract/ssh-keys';
import { type Answer, useWrite, type WriteCallbacks } from './mutation';
import { addSshKey, deleteSshKey } from './ssh-keys.api';
import { sshKeyKeys } from './ssh-keys.queries';

const refreshKeys = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: sshKeyKeys.all() });

export const useAddSshKey = (
  callbacks?: WriteCallbacks<Answer<typeof addSshKey>, Parameters<typeof addSshKey>[0]>,
) => useWrite(addSshKey, refreshKeys, callbacks);

export const useDeleteSshKey = (callbacks?: WriteCallbacks<Answer<typeof deleteSshKey>, SshKey>) =>
  useWrite((key: SshKey) => deleteSshKey(key.id), refreshKeys, callbacks);
