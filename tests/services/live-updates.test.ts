// The socket handler against every cache entry the key factories make: a pushed message patches or
// invalidates what it affects, leaves the rest alone, and never assumes an entry's shape (the overview's
// counts beside the computes page's pages once crashed it).

import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Compute } from '@/contract/computes';
import type { ServerMessage } from '@/contract/socket';
import { appConfigKeys } from '@/services/app-config.queries';
import { authKeys } from '@/services/auth.queries';
import { backupKeys } from '@/services/backups.queries';
import { billingKeys } from '@/services/billing.queries';
import { catalogKeys, computeKeys } from '@/services/computes.queries';
import { domainKeys } from '@/services/domains.queries';
import { firewallKeys } from '@/services/firewalls.queries';
import { imageKeys } from '@/services/images.queries';
import { applyServerMessage } from '@/services/live-updates';
import { networkKeys } from '@/services/networks.queries';
import { teamKeys } from '@/services/teams.queries';
import { volumeKeys } from '@/services/volumes.queries';

const teamId = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f';
const otherTeamId = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const domainId = '6f5e4d3c-2b1a-4c0d-9e8f-7a6b5c4d3e2f';
const invitationId = '1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8b';

const compute = (id: string, status: Compute['status'], updatedAt = '2026-11-21T10:00:00Z', team = teamId) =>
  ({ id, teamId: team, hostname: `host-${id}`, status, updatedAt, tags: [] }) as unknown as Compute;

const pages = <T>(key: string, items: T[]) => ({
  pages: [{ [key]: items, nextCursor: null, total: items.length }],
  pageParams: [undefined],
});

/** One entry for every key the factories make, with the shape its query stores. */
function everyEntry(): Array<[QueryKey, unknown]> {
  return [
    [catalogKeys.locations(), { locations: [] }],
    [catalogKeys.operatingSystems(), { operatingSystems: [] }],
    [catalogKeys.instanceTypes(), { instanceTypes: [] }],
    [
      computeKeys.list(teamId, {}),
      pages('computes', [compute('a', 'provisioning'), compute('b', 'running')]),
    ],
    [computeKeys.list(teamId, { status: 'running' }), pages('computes', [compute('b', 'running')])],
    [computeKeys.list(teamId, { sort: 'hostname_asc' }), pages('computes', [compute('b', 'running')])],
    [computeKeys.list(otherTeamId, {}), pages('computes', [compute('z', 'running', undefined, otherTeamId)])],
    [computeKeys.count(teamId, null), 2],
    [computeKeys.count(teamId, 'running'), 1],
    [computeKeys.detail(teamId, 'a'), compute('a', 'provisioning')],
    [computeKeys.history(teamId, 'a'), { events: [] }],
    [computeKeys.metrics(teamId, 'a', '1h'), { timestamps: [] }],
    [domainKeys.list(teamId), { domains: [] }],
    [firewallKeys.list(teamId), { firewalls: [] }],
    [firewallKeys.detail(teamId, domainId), { firewall: { id: domainId }, history: [] }],
    [firewallKeys.list(otherTeamId), { firewalls: [] }],
    [networkKeys.list(teamId), { networks: [] }],
    [networkKeys.detail(teamId, domainId), { network: { id: domainId } }],
    [networkKeys.list(otherTeamId), { networks: [] }],
    [domainKeys.recordList(teamId, domainId, {}), pages('records', [])],
    [domainKeys.recordList(teamId, domainId, { type: 'MX' }), pages('records', [])],
    [teamKeys.userTeams(), { teams: [] }],
    [teamKeys.members(teamId), { members: [] }],
    [teamKeys.teamInvitations(teamId), { invitations: [] }],
    [teamKeys.myInvitations(), { invitations: [] }],
    [teamKeys.invitation(invitationId), { id: invitationId }],
    [teamKeys.verification(teamId), { status: 'UNVERIFIED' }],
    [teamKeys.limits(teamId), { computes: { used: 2, limit: 5 } }],
    [teamKeys.auditLogFiltered(teamId, {}), pages('entries', [])],
    [billingKeys.balance(teamId), { balanceMinor: 0 }],
    [billingKeys.profile(teamId), { currency: 'RWF' }],
    [billingKeys.paymentMethods(teamId), { methods: [] }],
    [billingKeys.usage(teamId), { monthToDateMinor: 0 }],
    [billingKeys.invoiceList(teamId), { invoices: [] }],
    [billingKeys.invoice(teamId, invitationId), { id: invitationId }],
    [authKeys.userProfile(), { user: {} }],
    [authKeys.sessions(), { sessions: [] }],
    [appConfigKeys.all(), { drivers: {} }],
  ];
}

function seeded() {
  const client = new QueryClient();
  for (const [key, data] of everyEntry()) client.setQueryData(key, data);
  return client;
}

const invalidated = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => JSON.stringify(query.queryKey))
    .sort();

const keys = (...list: QueryKey[]) => list.map((key) => JSON.stringify(key)).sort();

const messages: ServerMessage[] = [
  { type: 'hello', serverTime: '2026-11-21T10:00:00Z', heartbeatIntervalMs: 20_000 },
  { type: 'heartbeat', serverTime: '2026-11-21T10:00:00Z' },
  { type: 'pong' },
  { type: 'compute.updated', compute: compute('a', 'running', '2026-11-21T10:00:05Z') },
  { type: 'compute.updated', compute: compute('new', 'provisioning', '2026-11-21T10:00:05Z') },
  { type: 'compute.deleted', teamId, computeId: 'a' },
  { type: 'domain.updated', domain: { teamId } as never },
  { type: 'domain.deleted', teamId, domainId },
  { type: 'image.updated', image: { teamId, sourceComputeId: 'a' } as never },
  { type: 'image.deleted', teamId, imageId: domainId },
  { type: 'firewall.updated', firewall: { teamId } as never },
  { type: 'firewall.deleted', teamId, firewallId: domainId },
  { type: 'network.updated', network: { teamId } as never },
  { type: 'network.deleted', teamId, networkId: domainId },
  { type: 'backups.changed', teamId, computeId: 'a' },
  { type: 'dns-records.changed', teamId, domainId },
  { type: 'team.updated', teamId },
  { type: 'members.changed', teamId },
  { type: 'membership.changed', teamId },
  { type: 'billing.changed', teamId },
  { type: 'invitations.changed' },
];

describe('every message against every cache entry', () => {
  for (const message of messages) {
    it(`${message.type} leaves every entry in the shape its page reads`, () => {
      const client = seeded();
      expect(() => applyServerMessage(client, message)).not.toThrow();
      for (const [key, before] of everyEntry()) {
        const after = client.getQueryData(key);
        if (after === undefined) continue;
        if (typeof before === 'number') expect(typeof after).toBe('number');
        if (typeof before === 'object' && before && 'pages' in before) {
          expect(Array.isArray((after as { pages: unknown[] }).pages)).toBe(true);
        }
      }
      // Another team's entries are never touched by this team's news.
      expect(client.getQueryState(computeKeys.list(otherTeamId, {}))?.isInvalidated).toBe(false);
    });
  }
});

type ListData = { pages: Array<{ computes: Compute[]; total: number }> };

describe('computes', () => {
  const listed = (client: QueryClient, filters = {}) =>
    (client.getQueryData(computeKeys.list(teamId, filters)) as ListData).pages[0]!;

  it('a change is patched into every list and the detail at once; only what it can reorder refetches', () => {
    const client = seeded();
    applyServerMessage(client, {
      type: 'compute.updated',
      compute: compute('a', 'running', '2026-11-21T10:00:05Z'),
    });
    expect(listed(client).computes.map((c) => c.status)).toEqual(['running', 'running']);
    expect((client.getQueryData(computeKeys.detail(teamId, 'a')) as Compute).status).toBe('running');
    expect(client.getQueryData(computeKeys.count(teamId, null))).toBe(2);
    expect(invalidated(client)).toEqual(
      keys(
        computeKeys.list(teamId, { status: 'running' }),
        computeKeys.count(teamId, null),
        computeKeys.count(teamId, 'running'),
        computeKeys.history(teamId, 'a'),
        teamKeys.limits(teamId),
        teamKeys.auditLogFiltered(teamId, {}),
        billingKeys.usage(teamId),
      ),
    );
  });

  it('a compute made elsewhere makes every list refetch to place it', () => {
    const client = seeded();
    applyServerMessage(client, {
      type: 'compute.updated',
      compute: compute('new', 'provisioning', '2026-11-21T10:00:05Z'),
    });
    expect(invalidated(client)).toEqual(
      expect.arrayContaining(
        keys(
          computeKeys.list(teamId, {}),
          computeKeys.list(teamId, { sort: 'hostname_asc' }),
          computeKeys.count(teamId, null),
        ),
      ),
    );
  });

  it('never goes back in time when an older message arrives late', () => {
    const client = seeded();
    client.setQueryData(computeKeys.detail(teamId, 'a'), compute('a', 'stopped', '2026-11-21T10:00:10Z'));
    applyServerMessage(client, {
      type: 'compute.updated',
      compute: compute('a', 'stopping', '2026-11-21T10:00:05Z'),
    });
    expect((client.getQueryData(computeKeys.detail(teamId, 'a')) as Compute).status).toBe('stopped');
    expect(listed(client).computes[0]?.status).toBe('provisioning');
  });

  it('a destroyed compute leaves the lists, and its open page learns it is gone', () => {
    const client = seeded();
    applyServerMessage(client, { type: 'compute.deleted', teamId, computeId: 'a' });
    expect(listed(client).computes.map((c) => c.id)).toEqual(['b']);
    expect(listed(client).total).toBe(1);
    expect((client.getQueryData(computeKeys.detail(teamId, 'a')) as Compute).status).toBe('destroyed');
    expect(client.getQueryState(computeKeys.count(teamId, null))?.isInvalidated).toBe(true);
    // It is no longer among any network's members: the team's networks read again, no other team's.
    expect(client.getQueryState(networkKeys.list(teamId))?.isInvalidated).toBe(true);
    expect(client.getQueryState(networkKeys.detail(teamId, domainId))?.isInvalidated).toBe(true);
    expect(client.getQueryState(networkKeys.list(otherTeamId))?.isInvalidated).toBe(false);
  });
});

describe('domains and records', () => {
  it('a record change refetches that zone’s records and the zone list (count, serial)', () => {
    const client = seeded();
    applyServerMessage(client, { type: 'dns-records.changed', teamId, domainId });
    expect(invalidated(client)).toEqual(
      keys(
        domainKeys.recordList(teamId, domainId, {}),
        domainKeys.recordList(teamId, domainId, { type: 'MX' }),
        domainKeys.list(teamId),
        teamKeys.auditLogFiltered(teamId, {}),
      ),
    );
  });

  it('a deleted zone refetches the list, so its page says it is gone, and never asks for its records', () => {
    const client = seeded();
    applyServerMessage(client, { type: 'domain.deleted', teamId, domainId });
    expect(client.getQueryState(domainKeys.list(teamId))?.isInvalidated).toBe(true);
    expect(client.getQueryState(domainKeys.recordList(teamId, domainId, {}))?.isInvalidated).toBe(false);
  });

  it('a delegation change refetches the zone list', () => {
    const client = seeded();
    applyServerMessage(client, { type: 'domain.updated', domain: { teamId } as never });
    expect(invalidated(client)).toEqual(keys(domainKeys.list(teamId), teamKeys.auditLogFiltered(teamId, {})));
  });
});

describe('images', () => {
  it('a captured or uploaded image refetches the team’s images, its audit log and the source compute’s history', () => {
    const client = seeded();
    client.setQueryData(imageKeys.list(teamId), { images: [] });
    applyServerMessage(client, { type: 'image.updated', image: { teamId, sourceComputeId: 'a' } as never });
    expect(client.getQueryState(imageKeys.list(teamId))?.isInvalidated).toBe(true);
    expect(invalidated(client)).toEqual(
      expect.arrayContaining(keys(computeKeys.history(teamId, 'a'), teamKeys.auditLogFiltered(teamId, {}))),
    );
    applyServerMessage(client, { type: 'image.deleted', teamId: otherTeamId, imageId: domainId });
    expect(client.getQueryState(imageKeys.list(teamId))?.isInvalidated).toBe(true);
  });
});

describe('backups', () => {
  it('a backup begun, made or restored refetches that compute’s backups, its history and the audit log', () => {
    const client = seeded();
    client.setQueryData(backupKeys.list(teamId, 'a'), { settings: {}, backups: [] });
    client.setQueryData(backupKeys.list(teamId, 'b'), { settings: {}, backups: [] });
    applyServerMessage(client, { type: 'backups.changed', teamId, computeId: 'a' });
    expect(client.getQueryState(backupKeys.list(teamId, 'a'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(backupKeys.list(teamId, 'b'))?.isInvalidated).toBe(false);
    expect(invalidated(client)).toEqual(
      expect.arrayContaining(keys(computeKeys.history(teamId, 'a'), teamKeys.auditLogFiltered(teamId, {}))),
    );
  });
});

describe('teams, members and money', () => {
  it('a verification decision reaches the team menu, settings, limits and overview', () => {
    const client = seeded();
    applyServerMessage(client, { type: 'team.updated', teamId });
    expect(invalidated(client)).toEqual(
      expect.arrayContaining(
        keys(
          teamKeys.userTeams(),
          teamKeys.verification(teamId),
          teamKeys.limits(teamId),
          authKeys.userProfile(),
        ),
      ),
    );
  });

  it('a membership change of one’s own re-reads the teams and tells the console', () => {
    const client = seeded();
    const told: string[] = [];
    applyServerMessage(
      client,
      { type: 'membership.changed', teamId },
      { membershipChanged: (id) => told.push(id) },
    );
    expect(told).toEqual([teamId]);
    expect(invalidated(client)).toEqual(
      keys(teamKeys.userTeams(), authKeys.userProfile(), teamKeys.myInvitations()),
    );
  });

  it('members and invitations of the team refetch when they change', () => {
    const client = seeded();
    applyServerMessage(client, { type: 'members.changed', teamId });
    expect(invalidated(client)).toEqual(
      keys(
        teamKeys.members(teamId),
        teamKeys.teamInvitations(teamId),
        teamKeys.userTeams(),
        teamKeys.auditLogFiltered(teamId, {}),
      ),
    );
  });

  it('money moving refetches the balance, usage, invoices and the billing details', () => {
    const client = seeded();
    applyServerMessage(client, { type: 'billing.changed', teamId });
    expect(invalidated(client)).toEqual(
      keys(
        billingKeys.balance(teamId),
        billingKeys.usage(teamId),
        billingKeys.invoiceList(teamId),
        billingKeys.invoice(teamId, invitationId),
        billingKeys.profile(teamId),
        teamKeys.auditLogFiltered(teamId, {}),
      ),
    );
  });

  it('an invitation to the user refetches their own invitations only', () => {
    const client = seeded();
    applyServerMessage(client, { type: 'invitations.changed' });
    expect(invalidated(client)).toEqual(keys(teamKeys.myInvitations()));
  });
});

describe('after the server lost its link to the others (a database failover)', () => {
  it('a resync refetches everything the console shows, as after a reconnect', () => {
    const client = seeded();
    applyServerMessage(client, { type: 'resync' });
    expect(invalidated(client)).toEqual(keys(...everyEntry().map(([key]) => key)));
  });
});

describe('firewalls', () => {
  it('a changed or deleted firewall refetches the team’s firewalls, the open firewall page and the audit log, and no other team’s', () => {
    for (const message of [
      { type: 'firewall.updated', firewall: { teamId } as never },
      { type: 'firewall.deleted', teamId, firewallId: domainId },
    ] satisfies ServerMessage[]) {
      const client = seeded();
      applyServerMessage(client, message);
      expect(invalidated(client)).toEqual(
        keys(
          firewallKeys.list(teamId),
          firewallKeys.detail(teamId, domainId),
          teamKeys.auditLogFiltered(teamId, {}),
        ),
      );
    }
  });
});

describe('private networks', () => {
  it('a network made, joined, left or deleted refetches the team’s networks (list, page, the computes’ tabs) and the audit log, and no other team’s', () => {
    for (const message of [
      { type: 'network.updated', network: { teamId } as never },
      { type: 'network.deleted', teamId, networkId: domainId },
    ] satisfies ServerMessage[]) {
      const client = seeded();
      applyServerMessage(client, message);
      expect(invalidated(client)).toEqual(
        keys(
          networkKeys.list(teamId),
          networkKeys.detail(teamId, domainId),
          teamKeys.auditLogFiltered(teamId, {}),
        ),
      );
    }
  });
});

describe('deleted items', () => {
  const kept = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
  const cases: Array<[ServerMessage, QueryKey, string]> = [
    [{ type: 'network.deleted', teamId, networkId: domainId }, networkKeys.list(teamId), 'networks'],
    [{ type: 'firewall.deleted', teamId, firewallId: domainId }, firewallKeys.list(teamId), 'firewalls'],
    [{ type: 'image.deleted', teamId, imageId: domainId }, imageKeys.list(teamId), 'images'],
    [{ type: 'domain.deleted', teamId, domainId }, domainKeys.list(teamId), 'domains'],
    [{ type: 'volume.deleted', teamId, volumeId: domainId }, volumeKeys.list(teamId, null), 'volumes'],
    [{ type: 'volume.deleted', teamId, volumeId: domainId }, volumeKeys.list(teamId, kept), 'volumes'],
  ];
  for (const [message, listKey, field] of cases) {
    it(`${message.type} leaves the cached list at once, so a list opened before the refetch never shows it`, () => {
      const client = new QueryClient();
      client.setQueryData(listKey, { [field]: [{ id: domainId }, { id: kept }] });
      applyServerMessage(client, message);
      expect(client.getQueryData(listKey)).toEqual({ [field]: [{ id: kept }] });
    });
  }
});
