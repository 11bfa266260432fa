// The console's live connection: one socket actor, created the first time the signed-in console needs
// it (so the landing and sign-in pages don't load the socket machine at all).
import { type ActorRefFrom, createActor } from 'xstate';
import { appInspector } from './app-actors';
import { browserConnection, socketMachine, socketUrl } from './machines/socket';
import { apiOrigin, basePaths } from './services/config';
import { applyServerMessage } from './services/live-updates';
import { loadedQueryClient } from './services/query-client';
import { notifySessionEnded } from './services/session';

let actor: ActorRefFrom<typeof socketMachine> | null = null;

export function liveConnection(): ActorRefFrom<typeof socketMachine> {
  actor ??= createActor(
    socketMachine.provide({
      actors: { connection: browserConnection },
      actions: {
        // After a reconnect, anything pushed while away was missed: refetch what is on screen.
        resync: () => void loadedQueryClient()?.invalidateQueries(),
        deliverMessage: (_, { message }) => {
          const queryClient = loadedQueryClient();
          if (queryClient) applyServerMessage(queryClient, message);
        },
        // The server closed the socket because the session was revoked or has expired.
        sessionEnded: () => notifySessionEnded(),
      },
    }),
    { input: { url: socketUrl(apiOrigin(), basePaths.socket) }, inspect: appInspector() },
  ).start();
  return actor;
}
