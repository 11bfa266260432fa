import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Compute } from '../../src/contract/computes';
import { applyServerMessage } from '../../src/services/live-updates';

const teamId = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f';
const compute = (id: string, status: Compute['status'], updatedAt: string) =>
  ({ id, teamId, hostname: id, status, updatedAt }) as unknown as Compute;

function withList(...computes: Compute[]) {
  const client = new QueryClient();
  client.setQueryData(['computes', teamId, {}], {
    pages: [{ computes, nextCursor: null, total: computes.length }],
    pageParams: [undefined],
  });
  return client;
}

const listed = (client: QueryClient) =>
  (client.getQueryData(['computes', teamId, {}]) as { pages: Array<{ computes: Compute[]; total: number }> })
    .pages[0]!;

describe('pushed compute updates', () => {
  it('change the compute in the cached list and detail without a refetch', () => {
    const client = withList(
      compute('a', 'provisioning', '2026-11-21T10:00:00Z'),
      compute('b', 'running', '2026-11-21T10:00:00Z'),
    );
    applyServerMessage(client, {
      type: 'compute.updated',
      compute: compute('a', 'running', '2026-11-21T10:00:05Z'),
    });
    expect(listed(client).computes.map((c) => c.status)).toEqual(['running', 'running']);
    expect((client.getQueryData(['compute', teamId, 'a']) as Compute).status).toBe('running');
  });

  it('never go back in time when an older message arrives late', () => {
    const client = withList();
    client.setQueryData(['compute', teamId, 'a'], compute('a', 'stopped', '2026-11-21T10:00:10Z'));
    applyServerMessage(client, {
      type: 'compute.updated',
      compute: compute('a', 'stopping', '2026-11-21T10:00:05Z'),
    });
    expect((client.getQueryData(['compute', teamId, 'a']) as Compute).status).toBe('stopped');
  });

  it('drop a destroyed compute from the list and its detail', () => {
    const client = withList(
      compute('a', 'running', '2026-11-21T10:00:00Z'),
      compute('b', 'running', '2026-11-21T10:00:00Z'),
    );
    client.setQueryData(['compute', teamId, 'a'], compute('a', 'destroying', '2026-11-21T10:00:00Z'));
    applyServerMessage(client, { type: 'compute.deleted', teamId, computeId: 'a' });
    expect(listed(client).computes.map((c) => c.id)).toEqual(['b']);
    expect(listed(client).total).toBe(1);
    expect(client.getQueryData(['compute', teamId, 'a'])).toBeUndefined();
  });
});

describe('pushed domain updates', () => {
  it('make the team’s domain list stale so the new delegation status shows', () => {
    const client = new QueryClient();
    client.setQueryData(['domains', teamId, { search: undefined }], { domains: [] });
    applyServerMessage(client, {
      type: 'domain.updated',
      domain: { teamId } as never,
    });
    expect(client.getQueryState(['domains', teamId, { search: undefined }])?.isInvalidated).toBe(true);
  });
});
