// What the console does with pushed messages: each one patches or invalidates the cache entries it
// affects, named through the key factories, so every open page shows the change without a reload. Only
// the factories' own helpers (storeCompute, refreshComputeLists, forgetCompute) know an entry's shape;
// everything else is invalidated, which refetches what a page shows and marks the rest stale — and a
// deleted item is also taken out of its lists at once (dropFromLists: a list is `{ <field>: [{ id }] }`).
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ServerMessage } from '@/contract/socket';
import { authKeys } from './auth.queries';
import { backupKeys } from './backups.queries';
import { billingKeys, moneyKeys } from './billing.queries';
import { computeKeys, forgetCompute, refreshComputeLists, storeCompute } from './computes.queries';
import { domainKeys } from './domains.queries';
import { firewallKeys } from './firewalls.queries';
import { imageKeys } from './images.queries';
import { networkKeys } from './networks.queries';
import { teamKeys } from './teams.queries';
import { volumeKeys } from './volumes.queries';

export interface LiveEffects {
  /** The user's own membership of a team changed: the console re-reads which team it shows, and how. */
  membershipChanged(teamId: string): void;
}

function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]): void {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/**
 * A deleted item leaves every cached list under `lists` at once (field names the list's array), so a page
 * opened before the refetch answers (one left for the item's own page, say) never shows it again.
 */
function dropFromLists(queryClient: QueryClient, lists: QueryKey, field: string, id: string): void {
  queryClient.setQueriesData<Record<string, unknown>>({ queryKey: lists }, (known) => {
    const items = known?.[field];
    if (!Array.isArray(items)) return known;
    return { ...known, [field]: items.filter((item: { id?: unknown }) => item.id !== id) };
  });
}

export function applyServerMessage(
  queryClient: QueryClient,
  message: ServerMessage,
  effects?: LiveEffects,
): void {
  switch (message.type) {
    case 'compute.updated': {
      const { compute } = message;
      if (!storeCompute(queryClient, compute)) return;
      refreshComputeLists(queryClient, compute);
      invalidate(queryClient, [
        computeKeys.history(compute.teamId, compute.id),
        teamKeys.limits(compute.teamId),
        teamKeys.auditLog(compute.teamId),
        billingKeys.usage(compute.teamId),
      ]);
      return;
    }
    case 'compute.deleted':
      forgetCompute(queryClient, message.teamId, message.computeId);
      invalidate(queryClient, [
        // A destroyed compute is no longer listed among any network's members.
        networkKeys.all(message.teamId),
        teamKeys.limits(message.teamId),
        teamKeys.auditLog(message.teamId),
        billingKeys.usage(message.teamId),
      ]);
      return;
    case 'image.updated': {
      const { image } = message;
      invalidate(queryClient, [
        imageKeys.list(image.teamId),
        teamKeys.auditLog(image.teamId),
        // A capture writes the compute's history as it begins and ends.
        ...(image.sourceComputeId ? [computeKeys.history(image.teamId, image.sourceComputeId)] : []),
      ]);
      return;
    }
    case 'image.deleted':
      dropFromLists(queryClient, imageKeys.list(message.teamId), 'images', message.imageId);
      invalidate(queryClient, [imageKeys.list(message.teamId), teamKeys.auditLog(message.teamId)]);
      return;
    case 'volume.updated': {
      const { volume } = message;
      invalidate(queryClient, [
        volumeKeys.all(volume.teamId),
        teamKeys.auditLog(volume.teamId),
        // An attach or detach writes the compute's history.
        ...(volume.attachedTo ? [computeKeys.history(volume.teamId, volume.attachedTo.id)] : []),
      ]);
      return;
    }
    case 'volume.deleted':
      // The volume's page says it is gone from what it holds; its entry is not read again (a 404).
      dropFromLists(queryClient, volumeKeys.lists(message.teamId), 'volumes', message.volumeId);
      invalidate(queryClient, [volumeKeys.lists(message.teamId), teamKeys.auditLog(message.teamId)]);
      return;
    case 'firewall.updated':
      invalidate(queryClient, [
        firewallKeys.all(message.firewall.teamId),
        teamKeys.auditLog(message.firewall.teamId),
      ]);
      return;
    case 'firewall.deleted':
      // An open page of the firewall refetches into its 404 and says it was deleted.
      dropFromLists(queryClient, firewallKeys.list(message.teamId), 'firewalls', message.firewallId);
      invalidate(queryClient, [firewallKeys.all(message.teamId), teamKeys.auditLog(message.teamId)]);
      return;
    case 'network.updated':
      // Made, or a compute joined or left: the list, the network's page and every compute's Networks tab.
      invalidate(queryClient, [
        networkKeys.all(message.network.teamId),
        teamKeys.auditLog(message.network.teamId),
      ]);
      return;
    case 'network.deleted':
      // An open page of the network refetches into its 404 and says it was deleted.
      dropFromLists(queryClient, networkKeys.list(message.teamId), 'networks', message.networkId);
      invalidate(queryClient, [networkKeys.all(message.teamId), teamKeys.auditLog(message.teamId)]);
      return;
    case 'backups.changed':
      invalidate(queryClient, [
        backupKeys.list(message.teamId, message.computeId),
        computeKeys.history(message.teamId, message.computeId),
        teamKeys.auditLog(message.teamId),
      ]);
      return;
    case 'domain.updated':
      invalidate(queryClient, [
        domainKeys.list(message.domain.teamId),
        teamKeys.auditLog(message.domain.teamId),
      ]);
      return;
    case 'domain.deleted':
      // The zone's page learns it is gone from the list; its records are left to expire, not refetched.
      dropFromLists(queryClient, domainKeys.list(message.teamId), 'domains', message.domainId);
      invalidate(queryClient, [domainKeys.list(message.teamId), teamKeys.auditLog(message.teamId)]);
      return;
    case 'dns-records.changed':
      invalidate(queryClient, [
        domainKeys.records(message.teamId, message.domainId),
        domainKeys.list(message.teamId),
        teamKeys.auditLog(message.teamId),
      ]);
      return;
    case 'team.updated':
      invalidate(queryClient, [
        teamKeys.userTeams(),
        authKeys.userProfile(),
        teamKeys.verification(message.teamId),
        teamKeys.limits(message.teamId),
        billingKeys.profile(message.teamId),
        billingKeys.balance(message.teamId),
        teamKeys.auditLog(message.teamId),
      ]);
      return;
    case 'members.changed':
      invalidate(queryClient, [
        teamKeys.members(message.teamId),
        teamKeys.teamInvitations(message.teamId),
        teamKeys.userTeams(),
        teamKeys.auditLog(message.teamId),
      ]);
      return;
    case 'membership.changed':
      invalidate(queryClient, [teamKeys.userTeams(), authKeys.userProfile(), teamKeys.myInvitations()]);
      effects?.membershipChanged(message.teamId);
      return;
    case 'billing.changed':
      invalidate(queryClient, [
        ...moneyKeys(message.teamId),
        billingKeys.profile(message.teamId),
        teamKeys.auditLog(message.teamId),
      ]);
      return;
    case 'invitations.changed':
      invalidate(queryClient, [teamKeys.myInvitations()]);
      return;
    case 'resync':
      // The server may have missed messages while its database failed over: everything shown is read again,
      // as after a reconnect.
      void queryClient.invalidateQueries();
      return;
    case 'hello':
    case 'heartbeat':
    case 'pong':
      return;
  }
}
