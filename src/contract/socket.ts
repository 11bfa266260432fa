// Messages on the console WebSocket (/resource-manager), in both directions.
import * as v from 'valibot';
import { computeSchema } from './computes';
import { domainSchema } from './domains';

/** Path of the console WebSocket on the API host (SPEC §7: the console websocket manager). */
export const SOCKET_PATH = '/resource-manager';

/** How often the server sends a heartbeat; the client treats a longer silence as a lost connection. */
export const HEARTBEAT_INTERVAL_MS = 20_000;

export const serverMessageSchema = v.variant('type', [
  v.object({
    type: v.literal('hello'),
    serverTime: v.string(),
    heartbeatIntervalMs: v.pipe(v.number(), v.integer(), v.minValue(1)),
  }),
  v.object({ type: v.literal('heartbeat'), serverTime: v.string() }),
  v.object({ type: v.literal('pong') }),
  /** A compute of one of the user's teams changed (status, tags, addresses…): the whole new compute. */
  v.object({ type: v.literal('compute.updated'), compute: computeSchema }),
  /** A compute is gone (destroyed). */
  v.object({
    type: v.literal('compute.deleted'),
    teamId: v.pipe(v.string(), v.uuid()),
    computeId: v.pipe(v.string(), v.uuid()),
  }),
  /** A domain of one of the user's teams changed outside a request of theirs (its delegation status). */
  v.object({ type: v.literal('domain.updated'), domain: domainSchema }),
]);

export const clientMessageSchema = v.variant('type', [v.object({ type: v.literal('ping') })]);

export type ServerMessage = v.InferOutput<typeof serverMessageSchema>;
export type ClientMessage = v.InferOutput<typeof clientMessageSchema>;

/** Largest message the server accepts from a client, in bytes. */
export const MAX_CLIENT_MESSAGE_BYTES = 64 * 1024;
