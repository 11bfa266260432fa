// Throwaway PostgreSQL databases for server tests run with DATABASE_URL: each test file gets its own,
// created on the server DATABASE_URL points at and dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const postgresUrl: string | undefined = process.env.DATABASE_URL?.trim() || undefined;

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database, or a copy of `template` (a database nobody is connected to). */
export async function createScratchDatabase(adminUrl: string, template?: string): Promise<ScratchDatabase> {
  const name = `ikirere_test_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${quoteIdent(template)}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function admin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
