// One team imports a 20,000-line zone file while another team uses the console: the latency of the other
// team's `GET /teams` and of `/healthz`, asked every 25 ms from this process (not the server's) during the
// import, beside the same requests on a quiet server. Target: the other team never waits more than 200 ms.
import { createAccount } from '../../tests/e2e/accounts';
import { variedZoneFile } from '../../tests/server/support/zone-files';
import { removeDataDir, startServerProcess } from '../server-process';

export const IMPORT_STALL_TARGET_MS = 200;

export interface ImportStallFigures {
  lines: number;
  importMs: number;
  quiet: { p50: number; max: number };
  during: { p50: number; max: number; count: number };
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted.at(-1) ?? 0, count: sorted.length };
}

export async function benchImportStall(options: { lines?: number; env?: Record<string, string> } = {}) {
  const lines = options.lines ?? 20_000;
  const server = await startServerProcess({ LOG_LEVEL: 'error', ...options.env });
  try {
    const importer = await createAccount(server.url);
    const other = await createAccount(server.url);
    const teamOf = async (token: string) =>
      (
        (await (
          await fetch(`${server.url}/user/api/v1/teams`, { headers: { Authorization: `Bearer ${token}` } })
        ).json()) as { teams: Array<{ id: string }> }
      ).teams[0]!.id;
    const teamId = await teamOf(importer.token);
    const base = `${server.url}/resource-manager/api/v1/teams/${teamId}/domains`;
    const headers = { Authorization: `Bearer ${importer.token}`, 'Content-Type': 'application/json' };
    const zone = 'stall-bench.rw';
    const domain = (await (
      await fetch(base, { method: 'POST', headers, body: JSON.stringify({ name: zone }) })
    ).json()) as { id: string };

    const probe = async () => {
      const started = performance.now();
      const [teams, health] = await Promise.all([
        fetch(`${server.url}/user/api/v1/teams`, { headers: { Authorization: `Bearer ${other.token}` } }),
        fetch(`${server.url}/healthz`),
      ]);
      await Promise.all([teams.arrayBuffer(), health.arrayBuffer()]);
      if (!teams.ok || !health.ok) throw new Error(`probe answered ${teams.status}/${health.status}`);
      return performance.now() - started;
    };
    const quiet: number[] = [];
    for (let run = 0; run < 40; run++) quiet.push(await probe());

    const during: number[] = [];
    let importing = true;
    const text = variedZoneFile(zone, lines);
    const started = performance.now();
    const imported = fetch(`${base}/${domain.id}/zone-file/apply`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ text }),
    }).then(async (response) => {
      const body = (await response.json()) as { add?: unknown[] };
      importing = false;
      if (!response.ok || body.add?.length !== lines)
        throw new Error(`the import answered ${response.status} with ${body.add?.length} records added`);
      return performance.now() - started;
    });
    imported.catch(() => {
      importing = false;
    });
    while (importing) {
      during.push(await probe());
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const importMs = await imported;
    return { lines, importMs, quiet: summary(quiet), during: summary(during) } satisfies ImportStallFigures;
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

export function printImportStallFigures(figures: ImportStallFigures): boolean {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(`\nAnother team's requests during a ${figures.lines.toLocaleString('en')}-line zone import`);
  console.log(
    `  import took ${ms(figures.importMs)}; GET /teams + /healthz quiet: p50 ${ms(figures.quiet.p50)}, max ${ms(figures.quiet.max)}; ` +
      `during the import (${figures.during.count} asked): p50 ${ms(figures.during.p50)}, max ${ms(figures.during.max)} ` +
      `(target: max ≤ ${IMPORT_STALL_TARGET_MS} ms)`,
  );
  return figures.during.max <= IMPORT_STALL_TARGET_MS;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env: Record<string, string> = process.env.DATABASE_URL
    ? { DATABASE_URL: process.env.DATABASE_URL }
    : {};
  benchImportStall({ env }).then(printImportStallFigures);
}
