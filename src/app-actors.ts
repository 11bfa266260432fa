// The console's long-lived actors: created once at start-up, handed to routes through the router context.
import type { QueryClient } from '@tanstack/react-query';
import { type ActorRefFrom, createActor, type InspectionEvent } from 'xstate';
import { progressBarMachine } from './machines/progress-bar';
import { browserConnection, socketMachine, socketUrl } from './machines/socket';
import { type ToastContent, toastMachine } from './machines/toast';
import { tooltipMachine } from './machines/tooltip';
import { apiOrigin, basePaths } from './services/config';

export interface AppActors {
  progressBar: ActorRefFrom<typeof progressBarMachine>;
  toast: ActorRefFrom<typeof toastMachine>;
  tooltip: ActorRefFrom<typeof tooltipMachine>;
  socket: ActorRefFrom<typeof socketMachine>;
}

export function createAppActors(
  queryClient: QueryClient,
  { inspect }: { inspect?: ((event: InspectionEvent) => void) | undefined } = {},
): AppActors {
  const socket = socketMachine.provide({
    actors: { connection: browserConnection },
    actions: {
      // After a reconnect, anything pushed while away was missed: refetch what is on screen.
      resync: () => void queryClient.invalidateQueries(),
    },
  });
  const actors: AppActors = {
    progressBar: createActor(progressBarMachine, { input: {}, inspect }),
    toast: createActor(toastMachine, { inspect }),
    tooltip: createActor(tooltipMachine, { inspect }),
    socket: createActor(socket, { input: { url: socketUrl(apiOrigin(), basePaths.socket) }, inspect }),
  };
  for (const actor of Object.values(actors)) actor.start();
  return actors;
}

/** Shows a toast (replacing any visible one). */
export function showToast(actors: Pick<AppActors, 'toast'>, content: ToastContent): void {
  actors.toast.send({ type: 'toast.show', content });
}
