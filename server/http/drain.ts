// A stopping server's HTTP side: from the moment the stop begins, every new request (on a new connection or
// a kept-alive one) is answered 503 with "Connection: close" and a Retry-After, so a load balancer or client
// retries elsewhere instead of seeing a reset; the requests already running are counted until they finish.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { inLanguage } from '../i18n/languages';
import { languageAsked } from '../i18n/request-language';
import { t } from '../i18n/t';
import { problemBody } from './problem';

/** The 503's body, in the language the request asks for (no account is looked up while stopping). */
function restartingBody(request: IncomingMessage): string {
  return inLanguage(languageAsked(request.headers['accept-language']), () =>
    JSON.stringify(problemBody(503, { detail: t('http.problem.restarting') })),
  );
}

export class Drain {
  private draining = false;
  private inFlight = 0;
  private readonly waiters = new Set<() => void>();

  /** The app's listener, answering 503 once the stop began and counting what it lets through. */
  wrap(listener: RequestListener): RequestListener {
    return (request: IncomingMessage, response: ServerResponse) => {
      if (this.draining) {
        response.writeHead(503, {
          'Content-Type': 'application/problem+json',
          'Retry-After': '1',
          Connection: 'close',
        });
        response.end(restartingBody(request));
        return;
      }
      this.inFlight += 1;
      response.once('close', () => {
        this.inFlight -= 1;
        if (this.inFlight === 0) for (const resolve of this.waiters) resolve();
      });
      listener(request, response);
    };
  }

  get running(): number {
    return this.inFlight;
  }

  /** From now on new requests answer 503; resolves once every running request has finished. */
  begin(): Promise<void> {
    this.draining = true;
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.waiters.delete(done);
        resolve();
      };
      this.waiters.add(done);
    });
  }
}
