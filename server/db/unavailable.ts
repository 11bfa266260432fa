// Whether an error means the database cannot serve right now — its connection refused, reset or timed out,
// the server shutting down or starting, or a primary demoted to a read-only standby mid-failover — rather
// than a mistake in the request or in our code. Such a request is answered 503 with Retry-After: a load
// balancer or the console tries again, and the pool makes new connections by itself once the database is back.

/** SQLSTATEs of a database that cannot serve now (PostgreSQL's appendix A). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server was stopped (or failed over) under this connection
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
  '25006', // read_only_sql_transaction: writing to a primary just demoted to standby
]);

/** Socket errors of a database that cannot be reached. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres says these in words, without a code. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|The server does not support SSL)/;

/** The error and its causes (drizzle wraps the driver's error in `cause`), outermost first. */
function* causes(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  for (let current = error; current && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    yield current;
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const cause of causes(error)) {
    if (!(cause instanceof Error)) continue;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
      // Class 08: connection exceptions.
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (UNAVAILABLE_MESSAGES.test(cause.message)) return true;
  }
  return false;
}

/** Seconds a client waits before trying again: about what a failover takes to settle. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
