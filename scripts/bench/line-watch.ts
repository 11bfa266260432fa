// A watcher for the data bench: a long-running program (a probe in a namespace, a loop in a guest over one
// SSH session) that prints lines about what it watches; each line is kept with the moment it arrived
// (Date.now()), so "how long from the request until it was seen" is read without a connection per try.
import { spawn } from 'node:child_process';

export interface Line {
  text: string;
  at: number;
}

export interface LineWatch {
  /** Waits until `find` answers something from the lines so far; fails after `timeoutMs` with the last lines. */
  until<T>(what: string, find: (lines: Line[]) => T | undefined, timeoutMs?: number): Promise<T>;
  /** The moment of the first line `wanted` that arrived at or after `since`. */
  next(wanted: string, since: number, timeoutMs?: number): Promise<number>;
  stop(): void;
}

export function watchLines(command: string[]): LineWatch {
  const lines: Line[] = [];
  const waiters = new Set<() => void>();
  let ended: string | undefined;
  let errors = '';
  let partial = '';
  const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const at = Date.now();
    const complete = (partial + chunk).split('\n');
    partial = complete.pop()!;
    for (const text of complete) lines.push({ text: text.trim(), at });
    for (const wake of waiters) wake();
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    errors = (errors + chunk).slice(-2000);
  });
  child.once('exit', (code) => {
    ended = `the watcher ${command.join(' ').slice(0, 80)}… exited (${code}): ${errors}`;
    for (const wake of waiters) wake();
  });
  const until = <T>(what: string, find: (lines: Line[]) => T | undefined, timeoutMs = 120_000) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = find(lines);
        if (found === undefined && !ended) return;
        waiters.delete(check);
        clearTimeout(timer);
        if (found !== undefined) resolve(found);
        else reject(new Error(`${what}: ${ended}`));
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        const last = lines.slice(-10).map((line) => line.text);
        reject(new Error(`${what}: not seen within ${timeoutMs / 1000} s (last lines: ${last.join(' | ')})`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    until,
    next: (wanted, since, timeoutMs) =>
      until(
        `"${wanted}"`,
        (all) => all.find((line) => line.at >= since && line.text === wanted)?.at,
        timeoutMs,
      ),
    stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}
