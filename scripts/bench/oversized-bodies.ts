// A server process's memory before and after four 300 MiB bodies streamed at once (chunked, no length) to an
// unauthenticated route, the payment provider's callback: each must be refused as soon as it passes the
// route's 64 KiB, so memory stays where it was.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { removeDataDir, startServerProcess } from '../server-process';

export interface OversizedBodyFigures {
  rssBeforeMiB: number;
  rssAfterMiB: number;
  statuses: number[];
  /** Bytes each request managed to send before the answer (the server stops reading at the limit). */
  sentMiB: number[];
}

const MiB = 1024 * 1024;

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
}

function streamBody(url: string, total: number): Promise<{ status: number; sent: number }> {
  return new Promise((resolve) => {
    let sent = 0;
    let status = 0;
    const request = http.request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
    });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      while (sent < total && status === 0) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      request.end();
    };
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      response.resume();
      response.on('end', () => {
        request.destroy();
        resolve({ status, sent });
      });
    });
    request.on('error', () => resolve({ status, sent }));
    pump();
  });
}

export async function benchOversizedBodies(): Promise<OversizedBodyFigures> {
  const server = await startServerProcess();
  try {
    await fetch(`${server.url}/healthz`);
    const before = rssMiB(server.child.pid!);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        streamBody(`${server.url}/payment/api/v1/callbacks/sandbox`, 300 * MiB),
      ),
    );
    const after = rssMiB(server.child.pid!);
    return {
      rssBeforeMiB: before,
      rssAfterMiB: after,
      statuses: answers.map((answer) => answer.status),
      sentMiB: answers.map((answer) => answer.sent / MiB),
    };
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

export function printOversizedBodyFigures(figures: OversizedBodyFigures): boolean {
  console.log('\nOversized bodies (4 × 300 MiB streamed at once to the payment callback, unauthenticated)');
  console.log(
    `  server memory: ${figures.rssBeforeMiB.toFixed(0)} MiB before, ${figures.rssAfterMiB.toFixed(0)} MiB after; ` +
      `answers ${figures.statuses.join(', ')}; sent before the answer: ${figures.sentMiB.map((mib) => mib.toFixed(1)).join(', ')} MiB`,
  );
  return (
    figures.statuses.every((status) => status === 413) && figures.rssAfterMiB - figures.rssBeforeMiB < 64
  );
}
