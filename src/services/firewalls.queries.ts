// The team's firewalls in the cache: the list and each firewall with its history, which the socket's
// firewall messages invalidate.
import { queryOptions } from '@tanstack/react-query';
import { fetchFirewall, fetchFirewalls } from './firewalls.api';

export const firewallKeys = {
  /** The list and every firewall of the team. */
  all: (teamId: string) => ['firewalls', teamId] as const,
  list: (teamId: string) => ['firewalls', teamId, 'list'] as const,
  detail: (teamId: string, id: string) => ['firewalls', teamId, 'detail', id] as const,
};

export const firewallsQuery = (teamId: string) =>
  queryOptions({ queryKey: firewallKeys.list(teamId), queryFn: () => fetchFirewalls(teamId) });

export const firewallQuery = (teamId: string, id: string) =>
  queryOptions({ queryKey: firewallKeys.detail(teamId, id), queryFn: () => fetchFirewall(teamId, id) });
