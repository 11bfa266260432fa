// Saved SSH keys in the cache: the person's (account settings) and each team's choice for new computes.
import { queryOptions } from '@tanstack/react-query';
import { fetchMySshKeys, fetchTeamSshKeys } from './ssh-keys.api';

export const sshKeyKeys = {
  all: () => ['ssh-keys'] as const,
  mine: () => ['ssh-keys', 'mine'] as const,
  team: (teamId: string) => ['ssh-keys', 'team', teamId] as const,
};

export const mySshKeysQuery = () => queryOptions({ queryKey: sshKeyKeys.mine(), queryFn: fetchMySshKeys });

export const teamSshKeysQuery = (teamId: string) =>
  queryOptions({ queryKey: sshKeyKeys.team(teamId), queryFn: () => fetchTeamSshKeys(teamId) });
