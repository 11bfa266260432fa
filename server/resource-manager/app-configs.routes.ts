// What the console asks once signed in: server version, which drivers run embedded, where the socket lives,
// and where people write for help. Signed-out callers get 401: the sign-in pages need none of it, and the
// version and drivers in use are nobody else's business.
import { type AppConfig, appConfigSchema } from '@/contract/app-config';
import { SOCKET_PATH } from '@/contract/socket';
import type { DatabaseHandle } from '../db';
import { defineRoutes } from '../http/routes';
import { requireSession } from '../identity/guards';

export function appConfigsRoutes(deps: {
  database: DatabaseHandle;
  version: string;
  supportEmail: string;
  /** The configured compute driver's kind (COMPUTE_DRIVER): simulator, or production for a real hypervisor. */
  computeDriver: AppConfig['drivers']['compute'];
  /** The DNS driver's kind: the embedded authoritative server, or PowerDNS. */
  dnsDriver: AppConfig['drivers']['dns'];
  nameServers: readonly string[];
  /** host:port of the embedded DNS server; null when zones go to PowerDNS or nothing answers. */
  dnsEndpoint: string | null;
}) {
  const config: AppConfig = {
    version: deps.version,
    drivers: { database: deps.database.kind, compute: deps.computeDriver, dns: deps.dnsDriver },
    dnsEndpoint: deps.dnsEndpoint,
    nameServers: [...deps.nameServers],
    socketPath: SOCKET_PATH,
    supportEmail: deps.supportEmail,
  };
  return defineRoutes('/app-configs').add({
    method: 'get',
    path: '/',
    summary: 'Read the server facts the console needs once signed in',
    tokenScope: 'computes:read',
    guards: [requireSession],
    responses: { 200: { description: 'The server configuration.', schema: appConfigSchema } },
    handler: (c) => c.json(config),
  });
}
