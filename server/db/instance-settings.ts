// The installation's identity, generated on first start and kept: WebSocket tickets and payment
// callbacks are signed with instanceSecret, so it must survive restarts and never change under a running server.
import { randomBytes, randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Database } from './index';
import { serverSettings } from './schema';

export interface InstanceSettings {
  instanceId: string;
  instanceSecret: string;
}

const INSTANCE_ID = 'instance_id';
const INSTANCE_SECRET = 'instance_secret';

export async function ensureInstanceSettings(db: Database): Promise<InstanceSettings> {
  // ON CONFLICT DO NOTHING keeps the first values when two servers on one PostgreSQL start together.
  await db
    .insert(serverSettings)
    .values([
      { key: INSTANCE_ID, value: randomUUID() },
      { key: INSTANCE_SECRET, value: randomBytes(32).toString('base64url') },
    ])
    .onConflictDoNothing({ target: serverSettings.key });
  const rows = await db
    .select({ key: serverSettings.key, value: serverSettings.value })
    .from(serverSettings)
    .where(inArray(serverSettings.key, [INSTANCE_ID, INSTANCE_SECRET]));
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  const instanceId = byKey.get(INSTANCE_ID);
  const instanceSecret = byKey.get(INSTANCE_SECRET);
  if (!instanceId || !instanceSecret) throw new Error('server_settings lacks the instance id or secret.');
  return { instanceId, instanceSecret };
}
