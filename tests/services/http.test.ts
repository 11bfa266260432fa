// @vitest-environment happy-dom
import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, call, json as parseJson, userClient } from '@/services/http';
import { writeStorage } from '@/services/storage';

type FetchLike = (input: Request) => Promise<Response>;

function clientAnswering(answer: FetchLike) {
  const seen: Request[] = [];
  const client = userClient.extend({
    retry: 0,
    fetch: (async (input: Request) => {
      seen.push(input);
      return answer(input);
    }) as typeof fetch,
  });
  return { client, seen };
}

const json = (body: unknown, status = 200, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });

beforeEach(() => localStorage.clear());

describe('the API clients', () => {
  it('call the user service base path and send the stored token as a bearer token', async () => {
    writeStorage('token', 'tok-123');
    const { client, seen } = clientAnswering(async () => json({ ok: true }));
    const body = await parseJson(v.object({ ok: v.boolean() }), () => client.get('me'));
    expect(body).toEqual({ ok: true });
    expect(new URL(seen[0]!.url).pathname).toBe('/user/api/v1/me');
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('turn a problem+json answer into an ApiError with per-field messages', async () => {
    const { client } = clientAnswering(async () =>
      json(
        {
          type: 'about:blank',
          title: 'Some fields need attention',
          status: 422,
          errors: [{ field: 'hostname', message: 'Use letters, digits and hyphens only.' }],
        },
        422,
        'application/problem+json',
      ),
    );
    const error = await call(() => client.post('computes', { json: {} }).json()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).message).toBe('Some fields need attention');
    expect((error as ApiError).fieldErrors).toEqual({ hostname: 'Use letters, digits and hyphens only.' });
  });

  it('give a plain reason when the answer is not a problem', async () => {
    const { client } = clientAnswering(async () => new Response('<html>bad gateway</html>', { status: 403 }));
    const error = (await call(() => client.get('x').json()).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(403);
    expect(error.message).toBe("You don't have permission to do that.");
  });

  it('say the server cannot be reached when the network fails', async () => {
    const { client } = clientAnswering(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await call(() => client.get('x').json()).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.message).toBe("Can't reach the server. Check your connection and try again.");
  });

  it('refuse an answer that does not match the contract', async () => {
    const { client } = clientAnswering(async () => json({ ok: 'yes' }));
    const error = (await parseJson(v.object({ ok: v.boolean() }), () => client.get('x')).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toMatch(/does not understand/);
  });
});
