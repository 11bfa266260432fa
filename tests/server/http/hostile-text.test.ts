// Text no field can hold: a NUL (PostgreSQL cannot store it), another control character, or half of a UTF-16
// surrogate pair (it cannot be written as UTF-8). Every write route the API document lists, called by its
// team's owner with such a string in every field its body declares, answers 422 naming the field — never a
// 500, and nothing stored.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsafeTextMessage } from '@/contract/text';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { type Person, person } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

interface Operation {
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
type ApiDocument = { paths: Record<string, Record<string, Operation>> };

const HOSTILE = { nul: 'Acme\u0000Ltd', surrogate: 'Acme \ud800 Ltd', escape: 'Acme\u001b[2J' };

let database: TestDatabase;
let t: IdentityTestApp;
let owner: Person;
let operations: { method: string; path: string; fields: string[]; multipart: boolean }[];

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
  owner = await person(t);
  const document = (await (await t.app.request('/api/openapi.json')).json()) as ApiDocument;
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method, operation]) => ['post', 'put', 'patch'].includes(method) && operation.requestBody)
      .map(([method, operation]) => {
        const content = operation.requestBody!.content;
        const multipart = 'multipart/form-data' in content;
        const schema = (content['application/json'] ?? content['multipart/form-data'])?.schema;
        // Text fields only: a file field refuses text with its own message.
        const fields = Object.entries(schema?.properties ?? {})
          .filter(([, property]) => !JSON.stringify(property).includes('binary'))
          .map(([name]) => name);
        return {
          method: method.toUpperCase(),
          path,
          fields: fields.length > 0 ? fields : ['name'],
          multipart,
        };
      }),
  );
});
afterAll(async () => {
  await database?.dispose();
});

/** The path with the owner's team and made-up ids: the guards let the owner through to the input. */
function concrete(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'teamId' ? owner.ownTeamId : randomUUID(),
  );
}

describe('text that cannot be stored', () => {
  it('finds write routes to try', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  for (const [kind, value] of Object.entries(HOSTILE)) {
    it(`is refused field by field (${kind}) on every write route, never with a 500`, async () => {
      const refused: string[] = [];
      for (const operation of operations) {
        let body: BodyInit;
        const headers: Record<string, string> = {
          Authorization: `Bearer ${owner.token}`,
          'User-Agent': 'vitest',
        };
        if (operation.multipart) {
          const form = new FormData();
          for (const field of operation.fields) form.append(field, value);
          body = form;
        } else {
          body = JSON.stringify(Object.fromEntries(operation.fields.map((field) => [field, value])));
          headers['Content-Type'] = 'application/json';
        }
        const response = await t.app.request(concrete(operation.path), {
          method: operation.method,
          headers,
          body,
        });
        const where = `${operation.method} ${operation.path}`;
        expect(response.status, where).not.toBe(500);
        // Routes the owner may not reach (operator routes, a session's own sign-in steps) stop earlier; a
        // multipart body cannot carry half a surrogate pair at all (encoding it as UTF-8 replaces it).
        if ([401, 403, 404, 415].includes(response.status)) continue;
        if (operation.multipart && kind === 'surrogate') continue;
        expect(response.status, where).toBe(422);
        const problem = (await response.json()) as { errors: { field: string; message: string }[] };
        const named = problem.errors.filter((error) => error.message === unsafeTextMessage());
        expect(named.map((error) => error.field).sort(), where).toEqual([...operation.fields].sort());
        refused.push(where);
      }
      // The account, team and profile routes of the issue are among them.
      expect(refused).toEqual(
        expect.arrayContaining([
          'PATCH /user/api/v1/users/me',
          'POST /user/api/v1/teams',
          'PATCH /user/api/v1/teams/{teamId}',
          'PUT /payment/api/v1/teams/{teamId}/billing-profile',
        ]),
      );
    });
  }

  it('is refused in the query and in path parameters too', async () => {
    const response = await t.app.request(
      `/resource-manager/api/v1/teams/${owner.ownTeamId}/computes?search=${encodeURIComponent('a\u0000b')}`,
      { headers: { Authorization: `Bearer ${owner.token}` } },
    );
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: { field: string }[] }).errors).toEqual([
      { field: 'search', message: unsafeTextMessage() },
    ]);
  });
});
