// The team's firewalls (src/contract/firewalls.ts): list, read with history, make, replace, delete.
import {
  type FirewallRequest,
  firewallAnswerSchema,
  firewallDetailSchema,
  firewallListSchema,
} from '@/contract/firewalls';
import { call, resourceManagerClient as client, json } from './http';

const firewalls = (teamId: string) => `teams/${encodeURIComponent(teamId)}/firewalls`;
const firewall = (teamId: string, id: string) => `${firewalls(teamId)}/${encodeURIComponent(id)}`;

export const fetchFirewalls = (teamId: string) =>
  json(firewallListSchema, () => client.get(firewalls(teamId)));

export const fetchFirewall = (teamId: string, id: string) =>
  json(firewallDetailSchema, () => client.get(firewall(teamId, id)));

export const createFirewall = async (teamId: string, body: FirewallRequest) =>
  (await json(firewallAnswerSchema, () => client.post(firewalls(teamId), { json: body }))).firewall;

export const updateFirewall = async (teamId: string, id: string, body: FirewallRequest) =>
  (await json(firewallAnswerSchema, () => client.put(firewall(teamId, id), { json: body }))).firewall;

export const deleteFirewall = (teamId: string, id: string) => call(() => client.delete(firewall(teamId, id)));
