// The tables the migrations make, and how many migrations a database has applied: what the database tests
// of both kinds compare against.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, MIGRATIONS_FOLDER } from '../../../server/db';

/** Every table the migrations create, sorted as tables() lists them. */
export const ALL_TABLES = [
  'address_throttles',
  'api_tokens',
  'audit_log',
  'billing_accounts',
  'billing_profiles',
  'cluster_leadership',
  'cluster_messages',
  'compute_backup_settings',
  'compute_backups',
  'compute_events',
  'computes',
  'dns_records',
  'dnssec_keys',
  'domains',
  'firewall_events',
  'firewalls',
  'idempotency_keys',
  'identities',
  'invitations',
  'invoice_counters',
  'invoices',
  'ledger_entries',
  'libvirt_host_drains',
  'libvirt_hosts',
  'libvirt_machines',
  'libvirt_samples',
  'network_limit_hits',
  'oauth_states',
  'outbox_messages',
  'passkey_registrations',
  'passkeys',
  'payment_callback_events',
  'private_network_members',
  'private_networks',
  'recovery_codes',
  'sandbox_checkouts',
  'second_factor_challenges',
  'server_settings',
  'sessions',
  'simulator_machines',
  'sms_messages',
  'socket_tickets',
  'ssh_keys',
  'storage_accruals',
  'storage_meters',
  'team_images',
  'team_members',
  'team_verifications',
  'teams',
  'top_ups',
  'usage_accruals',
  'user_totp',
  'users',
  'verification_challenges',
  'verification_documents',
  'verification_events',
  'volume_events',
  'volumes',
  'zone_imports',
];

export const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

export async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const result = await handle.db.execute<{ count: number }>(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return result.rows[0]!.count;
}

export async function tables(handle: DatabaseHandle): Promise<string[]> {
  const result = await handle.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return result.rows.map((row) => row.table_name);
}
