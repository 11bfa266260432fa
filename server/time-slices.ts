// Long CPU work (reading a 20,000-line zone file, indexing a big zone) in slices of a few milliseconds, with
// the event loop free between them: other people's requests, socket messages and DNS queries are answered
// while it runs. The work is a generator of src/domain/steps.ts that pauses between steps.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Steps } from '@/domain/steps';

/** How long one slice may hold the event loop. */
export const SLICE_MS = 8;

/** Runs `steps` to their end, giving the event loop back every SLICE_MS. */
export async function runInSlices<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}

/** A pause for loops that are already async (database batches): lets waiting callbacks run. */
export function giveWay(): Promise<void> {
  return nextTurn();
}
