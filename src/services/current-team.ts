// Which team the console is showing: the one chosen last (localStorage `previousTeam`), else the first.
import type { Team } from '@/contract/teams';
import { readStorage, writeStorage } from './storage';

export function chooseCurrentTeam(teams: readonly Team[]): Team | null {
  const remembered = readStorage('previousTeam');
  const team = teams.find((candidate) => candidate.id === remembered) ?? teams[0] ?? null;
  if (team && team.id !== remembered) writeStorage('previousTeam', team.id);
  // Keep the spec's `userRoles` in step with what the server says now.
  writeStorage(
    'userRoles',
    teams.map((candidate) => ({ teamId: candidate.id, role: candidate.role })),
  );
  return team;
}
