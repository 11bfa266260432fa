// Messages are sent after the answer, never during it: how long an SMTP server takes (or whether the
// address has an account and so gets another text) must not show in the response time.
import type { Logger } from '../logger';

export class Deliveries {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  /** Starts the job on a later turn of the event loop; failures are logged, never thrown at the caller. */
  later(label: string, job: () => Promise<void>): void {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(job)
      .catch((error: unknown) =>
        this.logger.error({ err: error, delivery: label }, 'message delivery failed'),
      )
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  /** Resolves once every delivery started so far has finished (tests, graceful shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
