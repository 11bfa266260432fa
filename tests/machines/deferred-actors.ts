// Promise actors the test settles by hand, so a model-based test decides when a call answers and how.
import { fromPromise } from 'xstate';

interface Pending {
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export function deferredActors() {
  const pending = new Map<string, Pending>();
  const calls: Array<{ name: string; input: unknown }> = [];
  return {
    /** A promise actor named `name`; each invocation waits for resolve(name) or reject(name). */
    actor<Output, Input = unknown>(name: string) {
      return fromPromise<Output, Input>(
        ({ input }) =>
          new Promise<Output>((resolve, reject) => {
            calls.push({ name, input });
            pending.set(name, { input, resolve: resolve as (value: unknown) => void, reject });
          }),
      );
    },
    resolve(name: string, value: unknown) {
      const call = pending.get(name);
      if (!call) throw new Error(`No call to ${name} is waiting`);
      pending.delete(name);
      call.resolve(value);
    },
    reject(name: string, error: unknown) {
      const call = pending.get(name);
      if (!call) throw new Error(`No call to ${name} is waiting`);
      pending.delete(name);
      call.reject(error);
    },
    /** The input of the waiting call to `name`. */
    inputOf(name: string): unknown {
      return pending.get(name)?.input;
    },
    /** Whether a call to `name` is waiting for an answer. */
    isWaiting(name: string): boolean {
      return pending.has(name);
    },
    calls,
  };
}

/** Lets settled promises reach the actor without letting any timer run (fake timers stay where they are). */
export async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

/** A code challenge as sent now: its cooldown and expiry count from the test's current (fake) time. */
export function fresh(output: unknown): unknown {
  if (typeof output !== 'object' || output === null || !('resendAvailableAt' in output)) return output;
  return {
    ...output,
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
  };
}

type Deferred = ReturnType<typeof deferredActors>;
type Settlement = { output?: unknown; error?: unknown };

/** Answers the waiting call to `name` with the event's error, else its output, and lets the actor see it. */
export async function settleCall(calls: Deferred, name: string, event: Settlement): Promise<void> {
  await flushMicrotasks();
  if (event.error !== undefined) calls.reject(name, event.error);
  else calls.resolve(name, event.output);
  await flushMicrotasks();
}

/** A model run's handlers for each named actor's done and error events: each settles the waiting call. */
export function settlersFor(
  names: readonly string[],
  settle: (name: string, event: Settlement) => Promise<void>,
): Record<string, (arg: { event: Settlement }) => Promise<void>> {
  return Object.fromEntries(
    names.flatMap((name) => [
      [`xstate.done.actor.${name}`, ({ event }: { event: Settlement }) => settle(name, event)],
      [`xstate.error.actor.${name}`, ({ event }: { event: Settlement }) => settle(name, event)],
    ]),
  );
}
