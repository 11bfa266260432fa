// Waiting on a real system (a guest booting, a host coming back): ask again every `everyMs` until the answer
// is the one awaited, or fail after `timeoutMs` saying what was awaited and what the last answer was.
export async function until<T>(
  what: string,
  get: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await get();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
