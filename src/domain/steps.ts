// Long computations written as generators that pause (yield) between steps: the browser and tests run them
// to the end at once (finishSteps); the server runs them in time slices, answering other requests between
// slices (server/time-slices.ts).

export type Steps<T> = Generator<void, T>;

/** Runs `steps` to their end without pausing and returns the result. */
export function finishSteps<T>(steps: Steps<T>): T {
  let next = steps.next();
  while (!next.done) next = steps.next();
  return next.value;
}
