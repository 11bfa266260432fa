// Bodies larger than a route can legitimately receive are refused while they are read: a declared size above
// the limit before a byte is read, a streamed (chunked) one as soon as it passes, an uploaded file as soon as
// it passes its own limit. Measured by what the server pulls from the client's stream, and by its memory.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@/contract/teams';
import { NO_BODY_MAX_BYTES } from '../../../server/http/registry';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { type Person, person } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;

let database: TestDatabase;
let t: IdentityTestApp;
let owner: Person;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
  owner = await person(t);
});
afterAll(async () => {
  await database?.dispose();
});

/** A body of `total` bytes made as it is read; `pulled()` says how much the server took. */
function endless(total: number, prefix = '') {
  let sent = 0;
  const head = new TextEncoder().encode(prefix);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const chunk = sent === 0 && head.length > 0 ? head : new Uint8Array(CHUNK).fill(0x61);
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

async function streamTo(path: string, headers: Record<string, string>, total = 200 * MiB, prefix = '') {
  const body = endless(total, prefix);
  const response = await t.app.request(path, {
    method: 'POST',
    headers,
    body: body.stream,
    // @ts-expect-error Node's fetch needs this for a streamed request body.
    duplex: 'half',
  });
  await response.arrayBuffer();
  return { status: response.status, pulled: body.pulled() };
}

describe('bodies past their route’s limit', () => {
  it('are refused on unauthenticated routes after reading at most the limit, with memory kept', async () => {
    const before = process.memoryUsage().rss;
    const routes: [string, Record<string, string>, number][] = [
      ['/payment/api/v1/callbacks/sandbox', { 'Content-Type': 'application/json' }, 64 * 1024],
      [
        '/payment/sandbox/checkout/anything/decline',
        { 'Content-Type': 'application/x-www-form-urlencoded' },
        4096,
      ],
      ['/user/api/v1/auth/signup', { 'Content-Type': 'application/json' }, MiB],
      ['/user/api/v1/auth/email-code', { 'Content-Type': 'application/json' }, MiB],
      ['/user/api/v1/auth/sign-out', { 'Content-Type': 'application/json' }, NO_BODY_MAX_BYTES],
    ];
    for (const [path, headers, limit] of routes) {
      const answer = await streamTo(path, headers);
      // Signing out needs a session: refused before the body is even looked at.
      expect(answer.status, path).toBe(path.endsWith('/sign-out') ? 401 : 413);
      expect(answer.pulled, path).toBeLessThanOrEqual(limit + 2 * CHUNK);
    }
    // Five 200 MiB bodies refused: the process grew by far less than one of them.
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * MiB);
  });

  it('are refused before reading when the declared size is too large', async () => {
    const response = await t.app.request('/payment/api/v1/callbacks/sandbox', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(300 * MiB) },
      body: '{}',
    });
    expect(response.status).toBe(413);
  });

  it('refuses an uploaded document as soon as it passes its own limit, naming it', async () => {
    const boundary = `----ikirere${randomUUID()}`;
    const prefix =
      `--${boundary}\r\nContent-Disposition: form-data; name="legalName"\r\n\r\nAcme Ltd\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="huge-scan.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n';
    const answer = await streamTo(
      `/user/api/v1/teams/${owner.ownTeamId}/verification`,
      { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Authorization: `Bearer ${owner.token}` },
      50 * MiB,
      prefix,
    );
    expect(answer.status).toBe(413);
    expect(answer.pulled).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 4 * CHUNK);
  });

  it('lets a signed-out caller reach no body at all on a signed-in route', async () => {
    const answer = await streamTo(`/user/api/v1/teams/${owner.ownTeamId}/verification`, {
      'Content-Type': 'multipart/form-data; boundary=x',
    });
    expect(answer.status).toBe(401);
    expect(answer.pulled).toBeLessThanOrEqual(2 * CHUNK);
  });
});
