// Saved SSH keys (contract: src/contract/ssh-keys.ts): the person's own, and those a team's computes can get.
import { type AddSshKeyRequest, sshKeyAnswerSchema, sshKeyListSchema } from '@/contract/ssh-keys';
import { call, json, resourceManagerClient, userClient } from './http';

export const fetchMySshKeys = () => json(sshKeyListSchema, () => userClient.get('users/me/ssh-keys'));

export const fetchTeamSshKeys = (teamId: string) =>
  json(sshKeyListSchema, () => resourceManagerClient.get(`teams/${encodeURIComponent(teamId)}/ssh-keys`));

export const addSshKey = (body: AddSshKeyRequest) =>
  json(sshKeyAnswerSchema, () => userClient.post('users/me/ssh-keys', { json: body }));

export const deleteSshKey = (id: string) =>
  call(() => userClient.delete(`users/me/ssh-keys/${encodeURIComponent(id)}`));
