// Private networks of a team: made (a block inside RFC 1918 apart from the team's other networks, checked
// under a lock of the team), joined and left by its computes (each given the next free address of the
// block), deleted — each in one transaction with the team's audit log, then told to the team's consoles.
import { and, asc, eq, ne } from 'drizzle-orm';
import {
  blocksOverlap,
  formatIpv4,
  type Network,
  type NetworkRequest,
  parseBlock,
} from '@/contract/networks';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import type { Database } from '../db';
import { computes, privateNetworkMembers, privateNetworks, teams } from '../db/schema';
import type { Clock } from '../identity/clock';
import type { LiveUpdates } from '../socket/live-updates';
import type { Queryable } from '../tenancy/team-record';
import {
  alreadyMember,
  blockOverlaps,
  memberNotFound,
  networkFull,
  networkNameTaken,
  networkNotFound,
  unknownCompute,
} from './problems';

export interface NetworkServiceDeps {
  db: Database;
  clock: Clock;
  live: LiveUpdates;
}

interface Caller {
  teamId: string;
  userId: string;
  actor: AuditActor;
}

type NetworkRow = typeof privateNetworks.$inferSelect;

function unique(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}

/** The first address of the block no member holds: network + 1 up to the last before broadcast. */
export function nextFreeAddress(block: string, taken: readonly string[]): string | null {
  const parsed = parseBlock(block)!;
  const used = new Set(taken);
  const last = parsed.network + (1n << BigInt(32 - parsed.length)) - 2n;
  for (let address = parsed.network + 1n; address <= last; address += 1n) {
    const text = formatIpv4(address);
    if (!used.has(text)) return text;
  }
  return null;
}

export class NetworkService {
  constructor(readonly deps: NetworkServiceDeps) {}

  get db(): Database {
    return this.deps.db;
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
    await this.deps.live.publishToTeam(caller.teamId, { type: 'network.updated', network });
    return network;
  }

  async delete(caller: Caller, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.find(tx, caller.teamId, id, true);
      await tx.delete(privateNetworks).where(eq(privateNetworks.id, id));
      await this.audit(tx, caller, 'network.deleted', row, { ipv4Block: row.ipv4Block });
    });
    await this.deps.live.publishToTeam(caller.teamId, {
      type: 'network.deleted',
      teamId: caller.teamId,
      networkId: id,
    });
  }

  /** The compute joins the network with the next free address of its block. */
  async attach(caller: Caller, id: string, computeId: string): Promise<Network> {
    const network = await this.db.transaction(async (tx) => {
      const row = await this.find(tx, caller.teamId, id, true);
      const [compute] = await tx
        .select({ id: computes.id, hostname: computes.hostname })
        .from(computes)
        .where(
          and(
            eq(computes.id, computeId),
            eq(computes.teamId, caller.teamId),
            ne(computes.status, 'destroyed'),
          ),
        );
      if (!compute) throw unknownCompute();
      const members = await tx
        .select()
        .from(privateNetworkMembers)
        .where(eq(privateNetworkMembers.networkId, id));
      const existing = members.find((member) => member.computeId === computeId);
      if (existing) throw alreadyMember(compute.hostname, existing.address);
      const address = nextFreeAddress(
        row.ipv4Block,
        members.map((member) => member.address),
      );
      if (!address) throw networkFull(row.ipv4Block);
      await tx
        .insert(privateNetworkMembers)
        .values({ networkId: id, computeId, address, attachedAt: this.deps.clock.now() });
      await this.audit(tx, caller, 'network.compute_attached', row, {
        computeId,
        hostname: compute.hostname,
        address,
      });
      return this.toNetwork(tx, row);
    });
    await this.deps.live.publishToTeam(caller.teamId, { type: 'network.updated', network });
    return network;
  }

  /** The compute leaves the network; its address there is free again. */
  async detach(caller: Caller, id: string, computeId: string): Promise<Network> {
    const network = await this.db.transaction(async (tx) => {
      const row = await this.find(tx, caller.teamId, id, true);
      const [gone] = await tx
        .delete(privateNetworkMembers)
        .where(and(eq(privateNetworkMembers.networkId, id), eq(privateNetworkMembers.computeId, computeId)))
        .returning();
      if (!gone) throw memberNotFound();
      await this.audit(tx, caller, 'network.compute_detached', row, { computeId, address: gone.address });
      return this.toNetwork(tx, row);
    });
    await this.deps.live.publishToTeam(caller.teamId, { type: 'network.updated', network });
    return network;
  }

  private async find(db: Queryable, teamId: string, id: string, lock = false): Promise<NetworkRow> {
    const query = db
      .select()
      .from(privateNetworks)
      .where(and(eq(privateNetworks.teamId, teamId), eq(privateNetworks.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw networkNotFound();
    return row;
  }

  private async toNetwork(db: Queryable, row: NetworkRow): Promise<Network> {
    const members = await db
      .select({
        computeId: privateNetworkMembers.computeId,
        hostname: computes.hostname,
        address: privateNetworkMembers.address,
        attachedAt: privateNetworkMembers.attachedAt,
      })
      .from(privateNetworkMembers)
      .innerJoin(computes, eq(computes.id, privateNetworkMembers.computeId))
      .where(and(eq(privateNetworkMembers.networkId, row.id), ne(computes.status, 'destroyed')))
      .orderBy(asc(computes.hostname));
    return {
      id: row.id,
      teamId: row.teamId,
      name: row.name,
      ipv4Block: row.ipv4Block,
      members: members.map((member) => ({ ...member, attachedAt: member.attachedAt.toISOString() })),
      // No driver gives a second interface yet: membership and addresses are kept as data.
      isolation: 'simulated',
      createdAt: row.createdAt.toISOString(),
    };
  }

  private async write<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (unique(error)) throw networkNameTaken(name);
      throw error;
    }
  }

  private async audit(
    tx: Queryable,
    caller: Caller,
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
