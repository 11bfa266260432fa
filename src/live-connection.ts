// The console's live connection: one socket actor, created the first time the signed-in console needs
// it (so the landing and sign-in pages don't load the socket machine at all).
import { type ActorRefFrom, createActor } from 'xstate';
import { appInspector } from '@/app-actors';
import { type ServerMessage, serverMessageSchema } from '@/contract/socket';
import { browserConnection, socketMachine, socketUrl } from '@/machines/socket';
import { apiOrigin, basePaths } from '@/services/config';
import { applyServerMessage } from '@/services/live-updates';
import { loadedQueryClient } from '@/services/query-client';
import { notifySessionEnded } from '@/services/session';

let actor: ActorRefFrom<typeof socketMachine> | null = null;
let onMembership: ((teamId: string) => void) | null = null;

/** What the console does when the user's own membership of a team changes (set by the protected area). */
export function onMembershipChanged(listener: (teamId: string) => void): () => void {
  onMembership = listener;
  return () => {
    if (onMembership === listener) onMembership = null;
  };
}

export function liveConnection(): ActorRefFrom<typeof socketMachine> {
  actor ??= createActor(
    socketMachine.provide({
      actors: { connection: browserConnection },
      actions: {
        // After a reconnect, anything pushed while away was missed: refetch what is on screen.
        resync: () => void loadedQueryClient()?.invalidateQueries(),
        deliverMessage: (_, { message }) => {
          const queryClient = loadedQueryClient();
          if (!queryClient) return;
          // The connection delivers only messages that matched serverMessageSchema.
          applyServerMessage(queryClient, message as ServerMessage, {
            membershipChanged: (teamId) => onMembership?.(teamId),
          });
        },
        // The server closed the socket because the session was revoked or has expired.
        ended: () => notifySessionEnded(),
      },
    }),
    {
      input: { url: socketUrl(apiOrigin(), basePaths.socket), messages: serverMessageSchema },
      inspect: appInspector(),
    },
  ).start();
  return actor;
}
