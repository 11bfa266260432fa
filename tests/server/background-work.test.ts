// The server's background work and its starts: a failure reaches the service's log, never the caller;
// waiting for the work waits for what it started meanwhile; a start runs once, and again after it failed.
import { describe, expect, it } from 'vitest';
import { BackgroundWork, startOnce } from '../../server/background-work';

describe('background work', () => {
  it('hands a failure to its logger, and settles only once the work it started meanwhile has ended', async () => {
    const failures: unknown[] = [];
    const work = new BackgroundWork((error) => failures.push(error));
    const order: string[] = [];
    work.track(
      (async () => {
        await Promise.resolve();
        order.push('first');
        work.track(
          (async () => {
            await new Promise((resolve) => setImmediate(resolve));
            order.push('started by the first');
            throw new Error('the disk is full');
          })(),
        );
      })(),
    );
    await work.settled();
    expect(order).toEqual(['first', 'started by the first']);
    expect(failures.map((error) => (error as Error).message)).toEqual(['the disk is full']);
  });
});

describe('a start done once', () => {
  it('runs once for every caller, and again after a failure', async () => {
    let runs = 0;
    const start = startOnce(async () => {
      runs += 1;
      if (runs === 1) throw new Error('the database is away');
    });
    await expect(Promise.all([start(), start()])).rejects.toThrow('the database is away');
    expect(runs).toBe(1);
    await Promise.all([start(), start()]);
    await start();
    expect(runs).toBe(2);
  });
});
