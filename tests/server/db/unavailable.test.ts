// Which database errors mean "cannot serve now" (answered 503 with Retry-After) and which are ours or the
// request's (a 500, or the route's own answer): read through drizzle's wrapping, as the app sees them.
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../../server/db/unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** What drizzle throws: its own error, the driver's in `cause`. */
const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    [
      'the server stopped under the connection (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a server still starting (57P03)', withCode('the database system is starting up', '57P03')],
    [
      'a primary demoted mid-failover (25006)',
      withCode('cannot execute INSERT in a read-only transaction', '25006'),
    ],
    ['a connection exception (08006)', withCode('connection failure', '08006')],
    ['a connection ended without a code', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
  ])('is true for %s, wrapped or not', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', withCode('duplicate key value violates unique constraint', '23505')],
    ['a serialization failure (40001)', withCode('could not serialize access', '40001')],
    ['a mistake in a query (42703)', withCode('column "nope" does not exist', '42703')],
    ['an error of our own', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['something that is not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    if (error instanceof Error) expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});
