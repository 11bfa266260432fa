// What a team holds, asked of the resource areas through an interface app.ts gives (so teams/ imports
// no computes/, domains/ or billing/): deleting a team is refused while it holds anything, and the limits
// count its computes.
//
// Computes count while they are not destroyed (one being destroyed still holds its machine); every domain
// counts (its zone is answered until it is deleted).
import type { Currency } from '@/contract/teams';
import type { AuditActor } from '../audit/audit-log';
import type { Transaction } from '../db';
import type { Queryable, TeamRecord } from '../tenancy/team-record';

/** How many of its things a team holds in one area. */
export type CountHeld = (db: Queryable, teamId: string) => Promise<number>;

/** What the teams feature asks of the other areas (computes, domains, billing), given by app.ts. */
export interface TeamAreas {
  computes: CountHeld;
  domains: CountHeld;
  /** Changes the team's currency where billing keeps it, or refuses (409) while anything is owed. */
  changeCurrency(
    tx: Transaction,
    team: TeamRecord,
    to: Currency,
    actor: AuditActor,
    now: Date,
  ): Promise<void>;
}

export interface TeamHoldings {
  computes: number;
  domains: number;
}

export async function countTeamResources(
  areas: TeamAreas,
  db: Queryable,
  teamId: string,
): Promise<TeamHoldings> {
  const [computes, domains] = await Promise.all([areas.computes(db, teamId), areas.domains(db, teamId)]);
  return { computes, domains };
}

/** "2 computes and 1 domain", or undefined when the team holds nothing. */
export function describeResources(resources: TeamHoldings): string | undefined {
  const parts = Object.entries(resources)
    .filter(([, amount]) => amount > 0)
    .map(([kind, amount]) => `${amount} ${amount === 1 ? kind.replace(/s$/, '') : kind}`);
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
