// GET /healthz for load balancers and operators: 200 while the database answers, 503 when it does not.
import { type Health, healthSchema } from '@/contract/health';
import type { DatabaseHandle } from '../db';
import { defineRoutes } from '../http/routes';

/** A database that hangs is as unhealthy as one that refuses; the probe must answer either way. */
const DATABASE_TIMEOUT_MS = 2_000;

export function healthRoutes(database: DatabaseHandle, startedAt: number) {
  return defineRoutes('/healthz', 'Operations').add({
    method: 'get',
    path: '/',
    summary: 'Check that the server and its database answer',
    tokenScope: 'never',
    responses: {
      200: { description: 'The server and its database work.', schema: healthSchema },
      503: { description: 'The database does not answer.', schema: healthSchema },
    },
    handler: async (c) => {
      const databaseUp = await withTimeout(database.ping(), DATABASE_TIMEOUT_MS).then(
        () => true,
        () => false,
      );
      const health: Health = {
        status: databaseUp ? 'ok' : 'degraded',
        database: databaseUp ? 'up' : 'down',
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
      return c.json(health, databaseUp ? 200 : 503);
    },
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
