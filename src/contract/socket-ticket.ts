import * as v from 'valibot';

/** A short-lived, single-use pass to open the WebSocket: `/resource-manager?ticket=…`. */
export const socketTicketSchema = v.object({
  ticket: v.pipe(v.string(), v.nonEmpty()),
  expiresAt: v.pipe(v.string(), v.isoTimestamp()),
});

export type SocketTicket = v.InferOutput<typeof socketTicketSchema>;

export const SOCKET_TICKET_TTL_MS = 30_000;
