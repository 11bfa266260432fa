// POST /socket-tickets: trades the caller's session for a 30-second, single-use pass to open the console
// WebSocket (/resource-manager?ticket=…), since a browser cannot send a bearer header on a WebSocket.
import { type SocketTicket, socketTicketSchema } from '@/contract/socket-ticket';
import { defineRoutes } from '../http/routes';
import { requireVerifiedUser } from '../identity/guards';

export function socketTicketsRoutes() {
  return defineRoutes('/socket-tickets', 'Resource manager').add({
    method: 'post',
    path: '/',
    summary: 'Get a short-lived ticket to open the console WebSocket',
    tokenScope: 'never',
    guards: [requireVerifiedUser],
    responses: { 201: { description: 'A ticket valid for 30 seconds, once.', schema: socketTicketSchema } },
    handler: async (c) => {
      const { ticket, expiresAt } = await c.get('identity').tickets.issue(c.get('session').id);
      const body: SocketTicket = { ticket, expiresAt: expiresAt.toISOString() };
      return c.json(body, 201);
    },
  });
}
