// The serial console's connection: the socket machine (as for the live connection) pointed at the
// compute's console, with the console's messages, no heartbeat messages (the server pings at the
// WebSocket level), and the close codes that mean the compute is gone or access ended.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import { withInspector } from '@/app-actors';
import {
  type ConsoleClientMessage,
  ConsoleCloseCode,
  type ConsoleServerMessage,
  consolePath,
  consoleServerMessageSchema,
} from '@/contract/console';
import { socketMachine, socketUrl } from '@/machines/socket';
import { apiOrigin } from '@/services/config';

export type ConsoleState = 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'ended';

export function consoleState(snapshot: SnapshotFrom<typeof socketMachine>): ConsoleState {
  if (snapshot.matches('ended')) return 'ended';
  if (snapshot.matches('error')) return 'failed';
  if (snapshot.matches({ session: { open: 'connected' } })) return 'connected';
  if (snapshot.matches('disconnected')) return 'reconnecting';
  return snapshot.context.hasConnected || snapshot.context.attempt > 0 ? 'reconnecting' : 'connecting';
}

export function useConsoleConnection(computeId: string, onMessage: (message: ConsoleServerMessage) => void) {
  const deliver = useRef(onMessage);
  deliver.current = onMessage;
  const actor = useActorRef(
    socketMachine.provide({
      actions: {
        // The connection delivers only messages that matched consoleServerMessageSchema.
        deliverMessage: (_, { message }) => deliver.current(message as ConsoleServerMessage),
      },
    }),
    withInspector({
      input: {
        url: socketUrl(apiOrigin(), consolePath(computeId)),
        messages: consoleServerMessageSchema,
        heartbeats: false,
        finalCloseCodes: [ConsoleCloseCode.accessEnded, ConsoleCloseCode.gone],
      },
    }),
  );
  useEffect(() => {
    actor.send({ type: 'socket.connect' });
    return () => actor.send({ type: 'socket.disconnect' });
  }, [actor]);
  const state = useSelector(actor, consoleState);
  const retryAt = useSelector(actor, (snapshot) => snapshot.context.retryAt);
  const send = useCallback(
    (message: ConsoleClientMessage) => actor.send({ type: 'socket.send', message }),
    [actor],
  );
  const reconnectNow = useCallback(() => actor.send({ type: 'socket.retry' }), [actor]);
  return { state, retryAt, send, reconnectNow };
}
