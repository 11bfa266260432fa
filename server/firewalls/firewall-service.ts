// Firewalls of a team: made, changed and deleted in one transaction with their history and the team's audit
// log, then enforced by the compute driver on every compute they applied to before or apply to now (a
// running guest gets the new rules within seconds; libvirt: server/drivers/compute/libvirt/firewall.ts). The
// driver reads a new compute's rules from here before it boots.
import { and, asc, eq } from 'drizzle-orm';
import type { Firewall, FirewallRequest, FirewallRule } from '@/contract/firewalls';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import type { Database } from '../db';
import { computes, firewallEvents, firewalls } from '../db/schema';
import type { ComputeDriver } from '../drivers/compute/compute-driver';
import { type CatalogMessage, message, type StoredValue, toColumns } from '../i18n/stored-message';
import type { Clock } from '../identity/clock';
import type { Logger } from '../logger';
import type { LiveUpdates } from '../socket/live-updates';
import type { Queryable } from '../tenancy/team-record';
import {
  computesUnder,
  type FirewallRow,
  findFirewall,
  historyOf,
  rulesOfCompute,
  toFirewall,
} from './firewall-record';
import { firewallNameTaken, firewallNotFound, unknownComputes } from './problems';

export interface FirewallServiceDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  live: LiveUpdates;
  driver: ComputeDriver;
}

interface Caller {
  teamId: string;
  userId: string;
  actor: AuditActor;
}

function unique(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}

function ruleText(rule: FirewallRule): StoredValue {
  const what = rule.protocol === 'icmp' ? 'ICMP' : `${rule.protocol.toUpperCase()} ${rule.ports}`;
  return { id: 'history.firewall.rule', values: { what, sources: rule.sources.join(', ') } };
}

/** The rules one after another, each language's separator between them. */
function ruleList(rules: StoredValue[]): StoredValue {
  const [first, ...rest] = rules;
  return rest.length === 0
    ? first!
    : { id: 'history.firewall.ruleList', values: { first: first!, rest: ruleList(rest) } };
}

/**
 * In the history's words, read in the reader's language: "Created with 2 rules (TCP 22 from 0.0.0.0/0; …),
 * on 1 compute and the tag web."
 */
function describe(
  id: 'history.firewall.created' | 'history.firewall.changed',
  input: FirewallRequest,
): CatalogMessage {
  const count = input.rules.length;
  const rules: StoredValue =
    count === 0
      ? { id: 'history.firewall.noRules' }
      : { id: 'history.firewall.rules', values: { count, list: ruleList(input.rules.map(ruleText)) } };
  const computes: StoredValue | undefined =
    input.computeIds.length > 0
      ? { id: 'history.firewall.computes', values: { count: input.computeIds.length } }
      : undefined;
  const tags: StoredValue | undefined =
    input.tags.length > 0
      ? { id: 'history.firewall.tags', values: { count: input.tags.length, tags: input.tags.join(', ') } }
      : undefined;
  const targets: StoredValue | undefined =
    computes && tags ? { id: 'history.firewall.both', values: { computes, tags } } : (computes ?? tags);
  const nowhere =
    id === 'history.firewall.created' ? 'history.firewall.createdNowhere' : 'history.firewall.changedNowhere';
  if (!targets) return message(nowhere, { rules });
  return message(id, { rules, targets });
}

export class FirewallService {
  constructor(readonly deps: FirewallServiceDeps) {
    deps.driver.takeFirewallRulesFrom?.((computeId) => rulesOfCompute(deps.db, computeId));
  }

  get db(): Database {
    return this.deps.db;
  }

  /** host: the driver enforces the rules; simulated: it keeps them as data and lets everything through. */
  get enforcement(): Firewall['enforcement'] {
    const { driver } = this.deps;
    return driver.firewallEnforcement ?? (driver.applyFirewall ? 'host' : 'simulated');
  }

  /** A compute's tags changed: it gets the rules of the firewalls that name its tags now, at once. */
  async enforceOn(computeId: string): Promise<void> {
    const [compute] = await this.db
      .select({ id: computes.id, hostname: computes.hostname })
      .from(computes)
      .where(eq(computes.id, computeId));
    if (compute) await this.enforce([compute]);
  }

  async list(teamId: string): Promise<Firewall[]> {
    const rows = await this.db
      .select()
      .from(firewalls)
      .where(eq(firewalls.teamId, teamId))
      .orderBy(asc(firewalls.name));
    return Promise.all(rows.map((row) => toFirewall(this.db, row, this.enforcement)));
  }

  async read(teamId: string, id: string) {
    const row = await findFirewall(this.db, teamId, id);
    if (!row) throw firewallNotFound();
    return {
      firewall: await toFirewall(this.db, row, this.enforcement),
      history: await historyOf(this.db, id),
    };
  }

  async create(caller: Caller, input: FirewallRequest): Promise<Firewall> {
    const now = this.deps.clock.now();
    const row = await this.write(input.name, () =>
      this.db.transaction(async (tx) => {
        await this.checkComputes(tx, caller.teamId, input.computeIds);
        const [created] = await tx
          .insert(firewalls)
          .values({
            teamId: caller.teamId,
            name: input.name,
            rules: input.rules,
            computeIds: input.computeIds,
            tags: input.tags,
            createdAt: now,
            createdBy: caller.userId,
            updatedAt: now,
          })
          .returning();
        await this.recordEvent(tx, created!, caller, 'created', describe('history.firewall.created', input));
        return created!;
      }),
    );
    return this.settle(row, [], []);
  }

  async update(caller: Caller, id: string, input: FirewallRequest): Promise<Firewall> {
    const now = this.deps.clock.now();
    let before: FirewallRow | undefined;
    const row = await this.write(input.name, () =>
      this.db.transaction(async (tx) => {
        [before] = await tx
          .select()
          .from(firewalls)
          .where(and(eq(firewalls.teamId, caller.teamId), eq(firewalls.id, id)))
          .for('update');
        if (!before) throw firewallNotFound();
        await this.checkComputes(tx, caller.teamId, input.computeIds);
        const [updated] = await tx
          .update(firewalls)
          .set({
            name: input.name,
            rules: input.rules,
            computeIds: input.computeIds,
            tags: input.tags,
            updatedAt: now,
          })
          .where(eq(firewalls.id, id))
          .returning();
        await this.recordEvent(tx, updated!, caller, 'updated', describe('history.firewall.changed', input));
        return updated!;
      }),
    );
    return this.settle(row, before!.computeIds, before!.tags);
  }

  async delete(caller: Caller, id: string): Promise<void> {
    const row = await this.db.transaction(async (tx) => {
      const [found] = await tx
        .select()
        .from(firewalls)
        .where(and(eq(firewalls.teamId, caller.teamId), eq(firewalls.id, id)))
        .for('update');
      if (!found) throw firewallNotFound();
      await tx.delete(firewalls).where(eq(firewalls.id, id));
      await recordAudit(tx, {
        teamId: caller.teamId,
        actor: caller.actor,
        action: 'firewall.deleted',
        target: found.name,
        at: this.deps.clock.now(),
      });
      return found;
    });
    await this.enforce(await computesUnder(this.db, row.teamId, row.computeIds, row.tags));
    await this.deps.live.publishToTeam(row.teamId, {
      type: 'firewall.deleted',
      teamId: row.teamId,
      firewallId: id,
    });
  }

  /** Applies the current rules to every compute the firewall covered before or covers now, then tells the team. */
  private async settle(row: FirewallRow, beforeIds: readonly string[], beforeTags: readonly string[]) {
    const now = await computesUnder(this.db, row.teamId, row.computeIds, row.tags);
    const was = await computesUnder(this.db, row.teamId, beforeIds, beforeTags);
    const affected = new Map([...was, ...now].map((compute) => [compute.id, compute]));
    await this.enforce([...affected.values()]);
    const firewall = await toFirewall(this.db, row, this.enforcement);
    await this.deps.live.publishToTeam(row.teamId, { type: 'firewall.updated', firewall });
    return firewall;
  }

  private async enforce(targets: readonly { id: string; hostname: string }[]): Promise<void> {
    const apply = this.deps.driver.applyFirewall?.bind(this.deps.driver);
    if (!apply) return;
    for (const compute of targets) {
      try {
        await apply(compute.id, await rulesOfCompute(this.db, compute.id));
      } catch (error) {
        this.deps.logger.error(
          { err: error, computeId: compute.id },
          `firewall rules not applied to ${compute.hostname}`,
        );
      }
    }
  }

  private async write<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (unique(error)) throw firewallNameTaken(name);
      throw error;
    }
  }

  private async checkComputes(tx: Queryable, teamId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await computesUnder(tx, teamId, ids, []);
    if (found.length !== new Set(ids).size) throw unknownComputes();
  }

  private async recordEvent(
    tx: Queryable,
    row: FirewallRow,
    caller: Caller,
    action: 'created' | 'updated',
    said: CatalogMessage,
  ): Promise<void> {
    const at = this.deps.clock.now();
    const { message: text, ...ids } = toColumns(said);
    await tx
      .insert(firewallEvents)
      .values({ firewallId: row.id, action, actorUserId: caller.userId, message: text ?? '', ...ids, at });
    await recordAudit(tx, {
      teamId: caller.teamId,
      actor: caller.actor,
      action: `firewall.${action}`,
      target: row.name,
      details: { firewallId: row.id, summary: said.text },
      at,
    });
  }
}
