// What the console asks on load: server version, which drivers run embedded, where the socket lives, and
// where people write for help.
import { type AppConfig, appConfigSchema } from '../../src/contract/app-config';
import { SOCKET_PATH } from '../../src/contract/socket';
import type { DatabaseHandle } from '../db';
import { defineRoutes } from '../http/routes';

export function appConfigsRoutes(deps: {
  database: DatabaseHandle;
  version: string;
  supportEmail: string;
  /** The configured compute driver's kind (COMPUTE_DRIVER): simulator, or production for a real hypervisor. */
  computeDriver: AppConfig['drivers']['compute'];
}) {
  const config: AppConfig = {
    version: deps.version,
    drivers: { database: deps.database.kind, compute: deps.computeDriver },
    socketPath: SOCKET_PATH,
    supportEmail: deps.supportEmail,
  };
  return defineRoutes('/app-configs').add({
    method: 'get',
    path: '/',
    summary: 'Read the server facts the console needs at start',
    responses: { 200: { description: 'The server configuration.', schema: appConfigSchema } },
    handler: (c) => c.json(config),
  });
}
