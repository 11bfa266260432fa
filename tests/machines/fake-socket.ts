// A WebSocket stand-in the test controls: it opens, receives, fails or closes when the test says so.
import type { SocketFactory, SocketLike } from '@/machines/socket';

export class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  readyState = 0;
  readonly sent: string[] = [];
  closedWith: { code?: number; reason?: string } | null = null;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number, reason?: string) {
    this.readyState = 3;
    this.closedWith = { code, reason };
  }

  // What the server or the network does:
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  drop(code = 1006, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
  fail() {
    this.onerror?.({});
  }
}

/** A socket factory that remembers every socket it made; `latest` is the one in use. */
export function fakeSockets() {
  const made: FakeSocket[] = [];
  const factory: SocketFactory = (url) => {
    const socket = new FakeSocket(url);
    made.push(socket);
    return socket;
  };
  return {
    factory,
    made,
    get latest(): FakeSocket {
      const socket = made.at(-1);
      if (!socket) throw new Error('No socket has been opened yet');
      return socket;
    },
  };
}
