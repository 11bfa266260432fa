// Every failure answers problem+json the console can show: unknown paths, wrong methods, bad input field
// by field, broken or oversized bodies, and crashes that reveal nothing but the request id.
import type { MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Problem, problemSchema } from '@/contract/problem';
import type { AppEnv } from '../../../server/http/env';
import { idParam } from '../../../server/http/path-params';
import { ProblemError, problem } from '../../../server/http/problem';
import { DEFAULT_MAX_BODY_BYTES } from '../../../server/http/registry';
import { defineRoutes } from '../../../server/http/routes';
import { buildTestApp, type TestApp } from '../support/test-app';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

const recordBody = v.object({
  hostname: v.pipe(v.string(), v.regex(/^(@|[a-zA-Z0-9-]+)$/, 'Use @ or letters, digits and hyphens.')),
  ttl: v.pipe(v.number(), v.integer(), v.minValue(60, 'The TTL is at least 60 seconds.')),
  value: v.string(),
  tags: v.optional(v.array(v.pipe(v.string(), v.maxLength(5, 'A tag is at most 5 characters.')))),
});

let handled = 0;
const recordNotFound = () => new ProblemError(404, { detail: 'There is no such record.' });

const requireSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header('X-Test-Session') !== 'yes') return problem(c, 401, { detail: 'Sign in first.' });
  await next();
};

const records = defineRoutes('/records')
  .add({
    method: 'post',
    path: '/',
    summary: 'Create a record',
    tokenScope: 'never',
    request: { body: recordBody },
    responses: { 201: { description: 'Created.', schema: recordBody } },
    handler: (c, { body }) => c.json(body, 201),
  })
  .add({
    method: 'get',
    path: '/:name',
    summary: 'Read a record',
    tokenScope: 'never',
    request: {
      params: v.object({
        name: v.pipe(v.string(), v.regex(/^[a-z-]+$/, 'Use lowercase letters and hyphens.')),
      }),
      query: v.object({ limit: v.optional(v.pipe(v.string(), v.digits('Use a whole number.'))) }),
    },
    responses: { 200: { description: 'The record.', schema: v.object({ name: v.string() }) } },
    handler: (c, { params }) => c.json({ name: params.name }),
  })
  .add({
    method: 'get',
    path: '/by-id/:recordId',
    summary: 'Read a record by its id',
    tokenScope: 'never',
    request: { params: v.object({ recordId: idParam('record', recordNotFound) }) },
    responses: { 200: { description: 'The record.', schema: v.object({ id: v.string() }) } },
    handler: (c, { params }) => {
      handled += 1;
      return c.json({ id: params.recordId });
    },
  })
  .add({
    method: 'post',
    path: '/guarded',
    summary: 'Create a record when signed in',
    tokenScope: 'never',
    guards: [requireSession],
    request: { body: recordBody },
    responses: { 201: { description: 'Created.', schema: recordBody } },
    handler: (c, { body }) => c.json(body, 201),
  });

const faults = defineRoutes('/faults')
  .add({
    method: 'get',
    path: '/crash',
    summary: 'Throw',
    tokenScope: 'never',
    responses: { 200: { description: 'Never.' } },
    handler: () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
    },
  })
  .add({
    method: 'get',
    path: '/drift',
    summary: 'Answer off the declared schema',
    tokenScope: 'never',
    responses: { 200: { description: 'An id.', schema: v.object({ id: v.string() }) } },
    handler: (c) => c.json({ identifier: 42 }),
  });

let database: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildTestApp(database.handle, {
    additionalServices: [{ name: 'Test', basePath: '/test/api/v1', resources: [records, faults] }],
  });
});
afterAll(() => database?.dispose());

async function expectProblem(response: Response, status: number): Promise<Problem> {
  expect(response.status).toBe(status);
  expect(response.headers.get('Content-Type')).toBe('application/problem+json');
  const body = v.parse(problemSchema, await response.json());
  expect(body.status).toBe(status);
  expect(body.requestId).toBe(response.headers.get('X-Request-Id'));
  return body;
}

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('404 and 405', () => {
  it('answers 404 for an unknown path under a service, never the console page', async () => {
    const body = await expectProblem(await t.app.request('/user/api/v1/no-such-thing'), 404);
    expect(body.title).toBe('Not found');
  });

  it('answers 405 with an Allow header when the path exists but not for that method', async () => {
    const response = await t.app.request('/resource-manager/api/v1/app-configs', { method: 'DELETE' });
    await expectProblem(response, 405);
    expect(response.headers.get('Allow')).toBe('GET, HEAD');

    const onRecords = await t.app.request('/test/api/v1/records', { method: 'PUT' });
    await expectProblem(onRecords, 405);
    expect(onRecords.headers.get('Allow')).toBe('POST');
  });
});

describe('422 with per-field messages', () => {
  it('names each bad body field with its contract message, including nested ones', async () => {
    const response = await postJson('/test/api/v1/records', {
      hostname: 'bad host!',
      ttl: 5,
      tags: ['ok', 'far-too-long'],
    });
    const body = await expectProblem(response, 422);
    expect(body.errors).toEqual([
      { field: 'hostname', message: 'Use @ or letters, digits and hyphens.' },
      { field: 'ttl', message: 'The TTL is at least 60 seconds.' },
      { field: 'value', message: 'This field is required.' },
      { field: 'tags.1', message: 'A tag is at most 5 characters.' },
    ]);
  });

  it('checks path parameters and the query string the same way', async () => {
    const response = await t.app.request('/test/api/v1/records/Not_A_Name?limit=ten');
    const body = await expectProblem(response, 422);
    expect(body.errors).toEqual([
      { field: 'name', message: 'Use lowercase letters and hyphens.' },
      { field: 'limit', message: 'Use a whole number.' },
    ]);
  });

  it('answers a malformed id with the same 404 as an unknown one, before the handler runs', async () => {
    const before = handled;
    for (const id of ['abc', '0', "'", '%20', 'x'.repeat(5000)]) {
      const body = await expectProblem(await t.app.request(`/test/api/v1/records/by-id/${id}`), 404);
      expect(body.detail).toBe(recordNotFound().fields.detail);
    }
    expect(handled).toBe(before);
    const id = '00000000-0000-4000-8000-000000000000';
    expect(await (await t.app.request(`/test/api/v1/records/by-id/${id}`)).json()).toEqual({ id });
  });

  it('hands valid input to the handler as parsed by the schema', async () => {
    const record = { hostname: '@', ttl: 3600, value: '192.0.2.1' };
    const response = await postJson('/test/api/v1/records', { ...record, unknownField: 'dropped' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual(record);
  });

  it('asks for a body when none was sent', async () => {
    const body = await expectProblem(await postJson('/test/api/v1/records', ''), 422);
    expect(body.errors).toEqual([{ field: '', message: 'The request needs a JSON body.' }]);
  });

  it('runs a route guard before validation, so an unauthorized caller learns nothing about the input', async () => {
    await expectProblem(await postJson('/test/api/v1/records/guarded', { hostname: 'bad host!' }), 401);
    const allowed = await postJson(
      '/test/api/v1/records/guarded',
      { hostname: 'bad host!' },
      { 'X-Test-Session': 'yes' },
    );
    await expectProblem(allowed, 422);
  });
});

describe('bodies the server cannot read', () => {
  it('answers 400 for malformed JSON', async () => {
    const body = await expectProblem(await postJson('/test/api/v1/records', '{"hostname": "www",'), 400);
    expect(body.detail).toMatch(/not valid JSON/);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await t.app.request('/test/api/v1/records', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'hostname=www',
    });
    await expectProblem(response, 415);
  });

  it('answers 413 for a body over the default limit', async () => {
    const huge = JSON.stringify({ hostname: 'www', ttl: 60, value: 'x'.repeat(DEFAULT_MAX_BODY_BYTES) });
    await expectProblem(await postJson('/test/api/v1/records', huge), 413);
  });
});

describe('500', () => {
  it('shows the request id but no message or stack, and logs the error under that id', async () => {
    const response = await t.app.request('/test/api/v1/faults/crash');
    const body = await expectProblem(response, 500);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/ECONNREFUSED|hunter2|10\.0\.0\.5|at .*\.ts/);
    expect(Object.keys(body).sort()).toEqual(['detail', 'requestId', 'status', 'title', 'type']);

    const logged = t.logs.lines.find(
      (line) => line.requestId === body.requestId && line.msg === 'unhandled error',
    );
    expect(logged?.err).toMatchObject({ message: expect.stringContaining('ECONNREFUSED') });
  });

  it('fails a handler that answers off its declared schema instead of letting the contract drift', async () => {
    const body = await expectProblem(await t.app.request('/test/api/v1/faults/drift'), 500);
    const logged = t.logs.lines.find(
      (line) => line.requestId === body.requestId && line.msg === 'unhandled error',
    );
    expect(logged?.err).toMatchObject({ message: expect.stringContaining('off its schema') });
  });
});
