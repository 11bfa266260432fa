// What the tests of servers sharing PostgreSQL need: the database (npm test under .ci/run sets DATABASE_URL),
// and waiting for something another server does.
import { postgresUrl } from '../server/support/postgres';

export { fundTeam } from '../server/support/billing';

export function requirePostgres(): string {
  if (!postgresUrl) {
    throw new Error(
      'These tests run servers that share a PostgreSQL database: set DATABASE_URL to one you may create ' +
        'databases on (.ci/run starts a throwaway PostgreSQL and sets it).',
    );
  }
  return postgresUrl;
}

/** Resolves once `condition` holds, checking as often as the event loop allows; fails after `timeoutMs`. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  explain: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error(`not true within ${timeoutMs} ms: ${condition.toString()}\n${explain()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
