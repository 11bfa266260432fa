// Adding one record through the API on the real server (embedded DNS), in a new zone (its SOA and NS
// records) and in one of 20,000 (imported as a zone file), each tried a few times: the time from request to
// answer, which includes the record reaching the DNS server. Target (issue 25): a change to one name costs
// about the same whatever the zone's size — the big zone's median within 3× the small one's.
import { createAccount } from '../../tests/e2e/accounts';
import { variedZoneFile } from '../../tests/server/support/zone-files';
import { removeDataDir, startServerProcess } from '../server-process';
import { resourceManagerApi } from './api-client';
import { median } from './page-timing';

export const RECORD_WRITE_TARGET_RATIO = 3;

export interface RecordWriteFigures {
  smallRecords: number;
  bigRecords: number;
  smallMs: number[];
  bigMs: number[];
}

export async function benchRecordWrite(
  options: { records?: number; tries?: number } = {},
): Promise<RecordWriteFigures> {
  const bigRecords = options.records ?? 20_000;
  const tries = options.tries ?? 3;
  const server = await startServerProcess({ LOG_LEVEL: 'error' });
  try {
    const account = await createAccount(server.url);
    const { api, teamId } = await resourceManagerApi(server.url, account.token);
    const small = (await api('POST', `/teams/${teamId}/domains`, { name: 'small-zone.rw' })) as {
      id: string;
    };
    const big = (await api('POST', `/teams/${teamId}/domains`, { name: 'big-zone.rw' })) as { id: string };
    await api('POST', `/teams/${teamId}/domains/${big.id}/zone-file/apply`, {
      text: variedZoneFile('big-zone.rw', bigRecords),
    });
    const addRecord = async (domainId: string, index: number) => {
      const started = performance.now();
      await api('POST', `/teams/${teamId}/domains/${domainId}/records`, {
        type: 'A',
        name: `added-${index}`,
        value: `192.0.2.${index + 1}`,
        ttl: 300,
      });
      return performance.now() - started;
    };
    // Once each first, so neither side pays for the server's first requests.
    await addRecord(small.id, 100);
    await addRecord(big.id, 100);
    const smallMs: number[] = [];
    const bigMs: number[] = [];
    for (let index = 0; index < tries; index++) {
      smallMs.push(await addRecord(small.id, index));
      bigMs.push(await addRecord(big.id, index));
    }
    const smallRecords = (
      (await api('GET', `/teams/${teamId}/domains/${small.id}`)) as { recordCount: number }
    ).recordCount;
    return { smallRecords: smallRecords - tries - 1, bigRecords, smallMs, bigMs };
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

export function printRecordWriteFigures(figures: RecordWriteFigures): boolean {
  const format = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
  const ratio = median(figures.bigMs) / median(figures.smallMs);
  const ok = ratio <= RECORD_WRITE_TARGET_RATIO;
  console.log('\nAdding one record (API → database → embedded DNS server, real server)');
  console.log(
    `  zone of 2 records:      median ${median(figures.smallMs).toFixed(0)} ms (${format(figures.smallMs)})`,
  );
  console.log(
    `  zone of ${figures.bigRecords.toLocaleString('en')} records: median ${median(figures.bigMs).toFixed(0)} ms (${format(figures.bigMs)})`,
  );
  console.log(
    `  big / small: ${ratio.toFixed(1)}× (≤ ${RECORD_WRITE_TARGET_RATIO}×: ${ok ? 'ok' : 'OVER TARGET'})`,
  );
  return ok;
}
