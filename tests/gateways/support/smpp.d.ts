// The part of npm's smpp package (0.5, untyped) the simulated SMS centre uses.
declare module 'smpp' {
  import type { Server as NetServer } from 'node:net';

  interface Pdu {
    [field: string]: unknown;
    response(fields?: Record<string, unknown>): Pdu;
  }

  interface Session {
    on(event: string, listener: (pdu: Pdu) => void): this;
    send(pdu: Pdu): boolean;
    close(): void;
    destroy(): void;
    deliver_sm(fields: Record<string, unknown>): void;
  }

  interface Server extends NetServer {
    sessions: Session[];
  }

  function createServer(listener: (session: Session) => void): Server;

  const smpp: { createServer: typeof createServer };
  export default smpp;
  export type { Pdu, Server, Session };
}
