// Private networks of a team: made (a block inside RFC 1918 apart from the team's other networks, checked
// under a lock of the team), joined and left by its computes (each given the next free address of the
// block and a card on the network by the compute driver: membership.ts), deleted — each in one transaction
// with the team's audit log, then told to the team's consoles.
import { and, asc, eq, ne } from 'drizzle-orm';
import { blocksOverlap, type Network, type NetworkRequest, parseBlock } from '@/contract/networks';
import type { AuditActor } from '../audit/audit-log';
import { recordAudit } from '../audit/audit-log';
import type { ComputesForNetworks } from '../computes/networks-port';
import type { Database } from '../db';
import { computes, privateNetworkMembers, privateNetworks, teams } from '../db/schema';
import type { Clock } from '../identity/clock';
import type { Logger } from '../logger';
import type { LiveUpdates } from '../socket/live-updates';
import type { Queryable } from '../tenancy/team-record';
import { cardsOf } from './network-cards';
import { blockOverlaps, networkNameTaken, networkNotFound } from './problems';

export interface NetworkServiceDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  live: LiveUpdates;
  /** The computes' side: the driver's private networks, destroyed computes (app.ts hands it in). */
  computes: ComputesForNetworks;
}

export interface Caller {
  teamId: string;
  userId: string;
  actor: AuditActor;
}

export type NetworkRow = typeof privateNetworks.$inferSelect;

function unique(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}

export class NetworkService {
  constructor(readonly deps: NetworkServiceDeps) {
    // The driver defines a compute again with its cards (a rebuild, a resize, rescue) from here.
    deps.computes.takeCardsFrom((computeId) => cardsOf(deps.db, computeId));
  }

  get db(): Database {
    return this.deps.db;
  }

  /** host: the hypervisor keeps each network apart; simulated: membership and addresses as data. */
  get isolation(): Network['isolation'] {
    return this.deps.computes.isolation;
  }

  async list(teamId: string): Promise<Network[]> {
    const rows = await this.db
      .select()
      .from(privateNetworks)
      .where(eq(privateNetworks.teamId, teamId))
      .orderBy(asc(privateNetworks.name));
    return Promise.all(rows.map((row) => this.toNetwork(this.db, row)));
  }

  async read(teamId: string, id: string): Promise<Network> {
    return this.toNetwork(this.db, await this.find(this.db, teamId, id));
  }

  /** Only data: the hypervisor makes the network on a host when its first compute there joins. */
  async create(caller: Caller, input: NetworkRequest): Promise<Network> {
    const network = await this.write(input.name, () =>
      this.db.transaction(async (tx) => {
        // One team's networks are checked against each other one creation at a time.
        await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, caller.teamId)).for('update');
        const block = parseBlock(input.ipv4Block)!;
        const others = await tx
          .select()
          .from(privateNetworks)
          .where(eq(privateNetworks.teamId, caller.teamId));
        const overlapping = others.find((other) => blocksOverlap(block, parseBlock(other.ipv4Block)!));
        if (overlapping) throw blockOverlaps(input.ipv4Block, overlapping);
        const [row] = await tx
          .insert(privateNetworks)
          .values({
            teamId: caller.teamId,
            name: input.name,
            ipv4Block: input.ipv4Block,
            createdAt: this.deps.clock.now(),
            createdBy: caller.userId,
          })
          .returning();
        await this.audit(tx, caller, 'network.created', row!, { ipv4Block: input.ipv4Block });
        return this.toNetwork(tx, row!);
      }),
    );
    await this.publish(caller.teamId, network);
    return network;
  }

  async find(db: Queryable, teamId: string, id: string, lock = false): Promise<NetworkRow> {
    const query = db
      .select()
      .from(privateNetworks)
      .where(and(eq(privateNetworks.teamId, teamId), eq(privateNetworks.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw networkNotFound();
    return row;
  }

  /** The network's computes (destroyed ones are not), by hostname. */
  async members(db: Queryable, networkId: string) {
    return db
      .select({
        computeId: privateNetworkMembers.computeId,
        hostname: computes.hostname,
        address: privateNetworkMembers.address,
        attachedAt: privateNetworkMembers.attachedAt,
        joiningSince: privateNetworkMembers.joiningSince,
      })
      .from(privateNetworkMembers)
      .innerJoin(computes, eq(computes.id, privateNetworkMembers.computeId))
      .where(and(eq(privateNetworkMembers.networkId, networkId), ne(computes.status, 'destroyed')))
      .orderBy(asc(computes.hostname));
  }

  async toNetwork(db: Queryable, row: NetworkRow): Promise<Network> {
    const members = await this.members(db, row.id);
    return {
      id: row.id,
      teamId: row.teamId,
      name: row.name,
      ipv4Block: row.ipv4Block,
      members: members.map((member) => ({ ...member, attachedAt: member.attachedAt.toISOString() })),
      isolation: this.isolation,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async publish(teamId: string, network: Network): Promise<void> {
    await this.deps.live.publishToTeam(teamId, { type: 'network.updated', network });
  }

  private async write<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (unique(error)) throw networkNameTaken(name);
      throw error;
    }
  }

  async audit(
    tx: Queryable,
    caller: Pick<Caller, 'teamId' | 'actor'>,
    action: `network.${string}`,
    row: NetworkRow,
    details: Record<string, unknown>,
  ): Promise<void> {
    await recordAudit(tx, {
      teamId: caller.teamId,
      actor: caller.actor,
      action,
      target: row.name,
      details: { networkId: row.id, ...details },
      at: this.deps.clock.now(),
    });
  }
}
