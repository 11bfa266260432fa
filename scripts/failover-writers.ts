// Clients writing continuously through a server while its database fails over (tests/ha and `npm run bench`):
// each write asks for a sign-in code, which stores one challenge row and answers with its id, so every
// acknowledged write can be looked for in the database afterwards.
import { performance } from 'node:perf_hooks';

/** A writer's pace after a 503: a client trying again soon, without flooding the servers meanwhile. */
export const RETRY_PACE_MS = 200;
/** Longer than any answer may take: a request still open after this fails, as a hang. */
export const HANG_MS = 20_000;

export interface WriteAnswer {
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  /** performance.now() when the request left and when its answer came. */
  sentAt: number;
  at: number;
  /** The challenge stored, for an acknowledged write. */
  challengeId?: string;
}

export interface Writers {
  answers: WriteAnswer[];
  /** Ends the writers after the requests under way; rejects if one of them failed (no answer: a hang). */
  stop(): Promise<void>;
}

export function startWriters(baseUrl: string, name: string, count: number): Writers {
  const answers: WriteAnswer[] = [];
  let stopped = false;
  const writer = async (index: number) => {
    for (let sequence = 0; !stopped; sequence++) {
      const sentAt = performance.now();
      const response = await fetch(`${baseUrl}/user/api/v1/auth/email-code`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: `${name}-w${index}-${sequence}@example.rw` }),
        signal: AbortSignal.timeout(HANG_MS),
      });
      const body = (await response.json().catch(() => undefined)) as { challengeId?: string } | undefined;
      answers.push({
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        contentType: response.headers.get('content-type'),
        sentAt,
        at: performance.now(),
        ...(response.ok && body?.challengeId ? { challengeId: body.challengeId } : {}),
      });
      if (response.status === 503) await new Promise((resolve) => setTimeout(resolve, RETRY_PACE_MS));
    }
  };
  const running = Array.from({ length: count }, (_, index) => writer(index));
  // Reported by stop(); until then a failed writer must not end the process as an unhandled rejection.
  for (const each of running) each.catch(() => {});
  return {
    answers,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

/**
 * From the first 503 answered after `since` to the first success of a request sent after that 503 (one sent
 * before may have been served by the old primary): undefined until both happened.
 */
export function unavailableWindow(
  answers: readonly WriteAnswer[],
  since: number,
): { firstRefused: number; firstServed: number; ms: number } | undefined {
  const refused = answers.find((answer) => answer.at > since && answer.status === 503);
  if (!refused) return undefined;
  const served = answers.find((answer) => answer.sentAt > refused.at && answer.status < 300);
  if (!served) return undefined;
  return { firstRefused: refused.at, firstServed: served.at, ms: served.at - refused.at };
}
