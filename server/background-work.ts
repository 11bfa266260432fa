// Two shapes every long-lived service of the server has: work it starts without making the caller wait (a
// capture, a backup, an e-mail, a NOTIFY), which a stopping server and the tests wait for; and a start done
// once, before the first request, which a failure (the database away) leaves to be tried again.

/** Work under way in the background: a failure goes to `failed`, never to whoever started it. */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly failed: (error: unknown) => void) {}

  /** Follows `work` until it ends; its failure is handed to `failed`. */
  track(work: Promise<void>): void {
    const tracked: Promise<void> = work.catch(this.failed).finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  /** Resolves once every piece of work under way has ended, the ones they started meanwhile included. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

/** `start` run once: later calls wait for the first one; a failed start is tried again by the next call. */
export function startOnce(start: () => Promise<void>): () => Promise<void> {
  let starting: Promise<void> | undefined;
  return () => {
    starting ??= start().catch((error: unknown) => {
      starting = undefined;
      throw error;
    });
    return starting;
  };
}
