// Tells whoever holds live connections (the WebSocket server) that sessions ended, so their sockets close
// at once instead of living on after a sign-out. In-process only: servers sharing one PostgreSQL database
// each close their own sockets.
export type SessionsEndedListener = (sessionIds: readonly string[]) => void;

export class SessionEvents {
  private readonly listeners = new Set<SessionsEndedListener>();

  onEnded(listener: SessionsEndedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  ended(sessionIds: readonly string[]): void {
    if (sessionIds.length === 0) return;
    for (const listener of this.listeners) listener(sessionIds);
  }
}
