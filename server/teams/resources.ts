// What a team holds, asked of the resource areas through an interface app.ts gives (so teams/ imports
// no computes/, domains/ or billing/): deleting a team is refused while it holds anything, and the limits
// count its computes.
//
// Computes count while they are not destroyed (one being destroyed still holds its machine); every domain
// counts (its zone is answered until it is deleted).
import type { Currency } from '@/contract/teams';
import type { AuditActor } from '../audit/audit-log';
import type { Transaction } from '../db';
import { t } from '../i18n/t';
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

/**
 * "2 computes and 1 domain" in the language of the request (each count with its noun, then the two joined
 * the way the language joins them), or undefined when the team holds nothing.
 */
export function describeResources(resources: TeamHoldings): string | undefined {
  const computes =
    resources.computes > 0 ? t('teams.resources.computes', { count: resources.computes }) : undefined;
  const domains =
    resources.domains > 0 ? t('teams.resources.domains', { count: resources.domains }) : undefined;
  if (computes && domains) return t('teams.resources.both', { computes, domains });
  return computes ?? domains;
}
