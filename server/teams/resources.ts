// What a team holds, counted in one place: deleting a team is refused while it holds anything, and the
// limits policy counts computes from here.
//
// Computes count while they are not destroyed (one being destroyed still holds its machine); every domain
// counts (its zone is answered until it is deleted). Billing may add what must be settled first.
import { countLiveComputes } from '../computes/compute-record';
import { countDomains } from '../domains/domain-record';
import type { Queryable } from './team-record';

export interface TeamResources {
  computes: number;
  domains: number;
}

export async function countTeamComputes(db: Queryable, teamId: string): Promise<number> {
  return countLiveComputes(db, teamId);
}

async function countTeamDomains(db: Queryable, teamId: string): Promise<number> {
  return countDomains(db, teamId);
}

export async function countTeamResources(db: Queryable, teamId: string): Promise<TeamResources> {
  const [computes, domains] = await Promise.all([
    countTeamComputes(db, teamId),
    countTeamDomains(db, teamId),
  ]);
  return { computes, domains };
}

/** "2 computes and 1 domain", or undefined when the team holds nothing. */
export function describeResources(resources: TeamResources): string | undefined {
  const parts = Object.entries(resources)
    .filter(([, amount]) => amount > 0)
    .map(([kind, amount]) => `${amount} ${amount === 1 ? kind.replace(/s$/, '') : kind}`);
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
