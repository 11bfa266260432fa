// The whole server with its embedded DNS server: a record added through the API is answered over UDP with
// the new serial, the console is told the DNS driver and the name servers, and after a restart every zone
// is loaded again before the first request, the reverse zones of the compute address blocks with them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { queryDns } from '../../../server/dns/client';
import { createLogger } from '../../../server/logger';
import { type RunningServer, startServer } from '../../../server/main';
import { createLiveAccount } from '../support/live-account';
import { postgresUrl } from '../support/postgres';
import { emptyStaticDir } from '../support/test-app';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let dataDir: string;
let scratch: TestDatabase | undefined;
let server: RunningServer | undefined;

function start(): Promise<RunningServer> {
  const config = loadConfig({
    PORT: '0',
    DNS_PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: emptyStaticDir(),
    NAMESERVERS: 'ns1.example-dns.net,ns2.example-dns.net',
    DELEGATION_CHECK_INTERVAL_SECONDS: '0',
    ...(scratch?.url ? { DATABASE_URL: scratch.url } : {}),
  });
  // Nothing here may ask the internet about the test zones.
  return startServer(config, {
    logger: createLogger('silent'),
    delegationResolver: { lookupNs: async () => ({ ok: false, reason: 'offline test' }) },
  });
}

async function api(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${server!.url}/resource-manager/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: response.status === 204 ? undefined : await response.json() };
}

function ask(name: string, type: 'A' | 'SOA' | 'NS') {
  const port = Number(server!.domains.driver.info.endpoint.split(':').at(-1));
  return queryDns({ name, type, host: '127.0.0.1', port, timeoutMs: 2_000 });
}

/** The data of each answer record (dns-packet types OPT records without one). */
function dataOf(message: Awaited<ReturnType<typeof ask>>): unknown[] {
  return (message.answers ?? []).map((answer) => ('data' in answer ? answer.data : undefined));
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ikirere-domains-server-'));
  if (postgresUrl) scratch = await openTestDatabase();
  await scratch?.handle.close();
});
afterAll(async () => {
  await server?.close();
  if (scratch?.url) await scratch.dispose().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

describe('domains on the running server', () => {
  it('answers over UDP what the API saved, and again after a restart', async () => {
    server = await start();
    const { token } = await createLiveAccount(server.url);
    const config = await (
      await fetch(`${server.url}/resource-manager/api/v1/app-configs`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json();
    expect(config.drivers.dns).toBe('embedded');
    expect(config.nameServers).toEqual(['ns1.example-dns.net', 'ns2.example-dns.net']);

    const teams = await fetch(`${server.url}/user/api/v1/teams`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const teamId = ((await teams.json()) as { teams: { id: string }[] }).teams[0]!.id;
    const zone = `served-${Date.now().toString(36)}.rw`;
    const created = await api('POST', `/teams/${teamId}/domains`, token, { name: zone });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const ns = await ask(zone, 'NS');
    expect(ns.rcode).toBe('NOERROR');
    expect(dataOf(ns).sort()).toEqual(['ns1.example-dns.net', 'ns2.example-dns.net']);

    const added = await api('POST', `/teams/${teamId}/domains/${created.body.id}/records`, token, {
      type: 'A',
      name: 'api',
      value: '192.0.2.44',
    });
    expect(added.status).toBe(201);
    const answer = await ask(`api.${zone}`, 'A');
    expect(dataOf(answer)).toEqual(['192.0.2.44']);
    const serial = (await api('GET', `/teams/${teamId}/domains/${created.body.id}`, token)).body.serial;
    const soa = await ask(zone, 'SOA');
    expect((dataOf(soa)[0] as { serial: number }).serial).toBe(serial);

    await server.close();
    server = await start();
    const again = await ask(`api.${zone}`, 'A');
    expect(dataOf(again)).toEqual(['192.0.2.44']);
    // The reverse zones of the simulator's pools, answered by the same server with our name servers, and
    // kept from teams: one cannot add them (or a zone inside one) as a domain and take over their PTRs.
    const reverseTaken = await api('POST', `/teams/${teamId}/domains`, token, {
      name: '7.2.0.192.in-addr.arpa',
    });
    expect(reverseTaken.status).toBe(422);
    expect(reverseTaken.body.errors[0].message).toBe(
      '7.2.0.192.in-addr.arpa holds reverse DNS this server keeps for compute addresses (2.0.192.in-addr.arpa), so it cannot be added as a domain here.',
    );
    for (const reverse of ['2.0.192.in-addr.arpa', '0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa']) {
      const reverseNs = await ask(reverse, 'NS');
      expect(reverseNs.flag_aa).toBe(true);
      expect(dataOf(reverseNs).sort()).toEqual(['ns1.example-dns.net', 'ns2.example-dns.net']);
    }

    // Deleting the domain stops the answers: names outside our zones are refused.
    const deleted = await api('DELETE', `/teams/${teamId}/domains/${created.body.id}`, token, {
      confirmName: zone,
    });
    expect(deleted.status).toBe(204);
    expect((await ask(`api.${zone}`, 'A')).rcode).toBe('REFUSED');
  });
});
