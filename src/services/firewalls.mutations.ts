// Firewalls made, changed and deleted: the team's list and the firewall's page follow (the socket also
// tells the other open consoles).
import type { QueryClient } from '@tanstack/react-query';
import type { Firewall, FirewallRequest } from '@/contract/firewalls';
import { createFirewall, deleteFirewall, updateFirewall } from './firewalls.api';
import { firewallKeys } from './firewalls.queries';
import { useWrite, type WriteCallbacks } from './mutation';
import { teamKeys } from './teams.queries';

const refresh = (teamId: string) => (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: firewallKeys.all(teamId) }),
    queryClient.invalidateQueries({ queryKey: teamKeys.auditLog(teamId) }),
  ]);

export const useCreateFirewall = (teamId: string, callbacks?: WriteCallbacks<Firewall, FirewallRequest>) =>
  useWrite((body: FirewallRequest) => createFirewall(teamId, body), refresh(teamId), callbacks);

export const useUpdateFirewall = (
  teamId: string,
  id: string,
  callbacks?: WriteCallbacks<Firewall, FirewallRequest>,
) => useWrite((body: FirewallRequest) => updateFirewall(teamId, id, body), refresh(teamId), callbacks);

export const useDeleteFirewall = (teamId: string, callbacks?: WriteCallbacks<void, Firewall>) =>
  useWrite(
    (firewall: Firewall) => deleteFirewall(teamId, firewall.id).then(() => undefined),
    // The list only: the deleted firewall's page is left (the page moves on to the list).
    (queryClient) => queryClient.invalidateQueries({ queryKey: firewallKeys.list(teamId) }),
    callbacks,
  );
