// Messages are sent after the answer, never during it: how long an SMTP server takes (or whether the
// address has an account and so gets another text) must not show in the response time.
import { BackgroundWork } from '../background-work';
import type { Logger } from '../logger';

export class Deliveries {
  private readonly pending: BackgroundWork;

  constructor(private readonly logger: Logger) {
    this.pending = new BackgroundWork((error) => logger.error({ err: error }, 'message delivery failed'));
  }

  /** Starts the job on a later turn of the event loop; failures are logged, never thrown at the caller. */
  later(label: string, job: () => Promise<void>): void {
    this.pending.track(
      new Promise<void>((resolve) => setImmediate(resolve))
        .then(job)
        .catch((error: unknown) =>
          this.logger.error({ err: error, delivery: label }, 'message delivery failed'),
        ),
    );
  }

  /** Resolves once every delivery started so far has finished (tests, graceful shutdown). */
  settled(): Promise<void> {
    return this.pending.settled();
  }
}
