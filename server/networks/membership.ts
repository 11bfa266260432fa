// Computes joining and leaving a team's private networks, and networks deleted with their computes on them.
// A join takes the next free address of the block under the network's lock and keeps it (its row) while
// the compute driver gives the compute its card; the audit entry is written once the card is there. The
// driver is asked outside any transaction (a hotplug takes seconds); when it refuses or fails, the row goes
// and the network is as it was, with the driver's reason in the answer. While the driver works the row says
// the compute is joining: leaving, and deleting the network, are refused meanwhile (409, saying why), so no
// card is plugged into a network already taken away. A join still unfinished after JOIN_WINDOW_MS ended
// without its answer (its server stopped): the compute counts as a member, whose card may or may not be
// there. Leaving asks the driver first and deletes the row after. Deleting a network makes each compute
// leave it first, then removes it from the hypervisor; a compute that cannot leave keeps the network (with
// it and the computes not yet asked) and says why, while those that left are recorded as having left.
import { and, eq, inArray } from 'drizzle-orm';
import { computeJoinsNetworks, type Network } from '@/contract/networks';
import { SYSTEM_ACTOR } from '../audit/audit-log';
import { computes, privateNetworkMembers, privateNetworks } from '../db/schema';
import { MachineStateError } from '../drivers/compute/compute-driver';
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';
import { fieldProblem } from '../tenancy/problems';
import type { Queryable } from '../tenancy/team-record';
import { nextFreeAddress } from './addresses';
import { cardOf } from './network-cards';
import type { Caller, NetworkRow, NetworkService } from './network-service';
import {
  alreadyMember,
  memberJoining,
  memberNotFound,
  networkFull,
  networkNotFound,
  unknownCompute,
} from './problems';

type Doing = 'join' | 'leave' | 'delete';

/** Longer than any join the driver completes (a hotplug under emulation on a loaded host takes seconds). */
const JOIN_WINDOW_MS = 10 * 60_000;

/** What could not be done, as a title and as the start of the detail. */
const failedTo = (doing: Doing) => t('networks.problem.driver.failedTo', { doing });

export class NetworkMembership {
  constructor(private readonly networks: NetworkService) {
    networks.deps.computes.onDestroyed((computeId) => this.letGo(computeId));
  }

  private get db() {
    return this.networks.db;
  }

  /** The compute joins the network with the next free address of its block, and its card on it. */
  async join(caller: Caller, id: string, computeId: string): Promise<Network> {
    const { row, address, peers } = await this.db.transaction(async (tx) => {
      const network = await this.networks.find(tx, caller.teamId, id, true);
      const [compute] = await tx
        .select({ id: computes.id, hostname: computes.hostname, status: computes.status })
        .from(computes)
        .where(and(eq(computes.id, computeId), eq(computes.teamId, caller.teamId)))
        .for('update');
      if (!compute || compute.status === 'destroyed') throw unknownCompute();
      if (!computeJoinsNetworks(compute.status)) {
        throw fieldProblem(
          'computeId',
          t('networks.problem.computeStatus', { hostname: compute.hostname, status: compute.status }),
          { status: 409 },
        );
      }
      // The rows of computes destroyed before they were let go hold no address any more.
      const all = await tx
        .select({ computeId: privateNetworkMembers.computeId, status: computes.status })
        .from(privateNetworkMembers)
        .innerJoin(computes, eq(computes.id, privateNetworkMembers.computeId))
        .where(eq(privateNetworkMembers.networkId, id));
      const gone = all.filter((member) => member.status === 'destroyed').map((member) => member.computeId);
      if (gone.length > 0) {
        await tx
          .delete(privateNetworkMembers)
          .where(
            and(eq(privateNetworkMembers.networkId, id), inArray(privateNetworkMembers.computeId, gone)),
          );
      }
      const members = await this.networks.members(tx, id);
      const existing = members.find((member) => member.computeId === computeId);
      if (existing) throw alreadyMember(compute.hostname, existing.address);
      const free = nextFreeAddress(
        network.ipv4Block,
        members.map((member) => member.address),
      );
      if (!free) throw networkFull(network.ipv4Block);
      const now = this.networks.deps.clock.now();
      await tx.insert(privateNetworkMembers).values({
        networkId: id,
        computeId,
        address: free,
        attachedAt: now,
        joiningSince: now,
      });
      return { row: network, address: free, peers: members.map((member) => member.computeId) };
    });
    const card = cardOf(row, address);
    try {
      await this.networks.deps.computes.join(card, computeId, peers);
    } catch (error) {
      await this.db.delete(privateNetworkMembers).where(memberRow(id, computeId));
      throw this.refusal(error, 'join', id);
    }
    const network = await this.db.transaction(async (tx) => {
      const [joined] = await tx
        .update(privateNetworkMembers)
        .set({ joiningSince: null })
        .where(memberRow(id, computeId))
        .returning();
      // Its row went meanwhile (the compute destroyed, or the network deleted after a join taken for
      // stopped): nothing is recorded, and the card is taken off again below.
      if (!joined) return undefined;
      const [compute] = await tx
        .select({ hostname: computes.hostname })
        .from(computes)
        .where(eq(computes.id, computeId));
      await this.networks.audit(tx, caller, 'network.compute_attached', row, {
        computeId,
        hostname: compute?.hostname,
        address,
      });
      return this.networks.toNetwork(tx, row);
    });
    if (!network) {
      await this.networks.deps.computes.leave(card, computeId).catch((error: unknown) => {
        this.networks.deps.logger.warn(
          { err: error, networkId: id, computeId },
          'a card plugged into a network that went meanwhile could not be taken off',
        );
      });
      const [still] = await this.db
        .select({ id: privateNetworks.id })
        .from(privateNetworks)
        .where(eq(privateNetworks.id, id));
      throw still ? unknownCompute() : networkNotFound();
    }
    await this.networks.publish(caller.teamId, network);
    return network;
  }

  /** A member whose join is under way (within JOIN_WINDOW_MS) cannot leave yet: 409, saying so. */
  private refuseWhileJoining(members: readonly { hostname: string; joiningSince: Date | null }[]): void {
    const now = this.networks.deps.clock.now().getTime();
    const joining = members.find(
      (member) => member.joiningSince && now - member.joiningSince.getTime() < JOIN_WINDOW_MS,
    );
    if (joining) throw memberJoining(joining.hostname);
  }

  /** The compute leaves the network (its card taken off); its address there is free again. */
  async leave(caller: Caller, id: string, computeId: string): Promise<Network> {
    const { row, member } = await this.db.transaction(async (tx) => {
      const network = await this.networks.find(tx, caller.teamId, id, true);
      const found = (await this.networks.members(tx, id)).find((each) => each.computeId === computeId);
      if (!found) throw memberNotFound();
      this.refuseWhileJoining([found]);
      return { row: network, member: found };
    });
    try {
      await this.networks.deps.computes.leave(cardOf(row, member.address), computeId);
    } catch (error) {
      throw this.refusal(error, 'leave', id);
    }
    const network = await this.db.transaction(async (tx) => {
      await this.recordLeft(tx, caller, row, [member]);
      return this.networks.toNetwork(tx, row);
    });
    await this.networks.publish(caller.teamId, network);
    return network;
  }

  /**
   * Each compute leaves it, then the hypervisor removes it, then it is deleted — in the transaction that
   * sees, under the network's lock, that no compute joined meanwhile (one that did leaves too, in another
   * round), so no card stays on a network that is gone.
   */
  async delete(caller: Caller, id: string): Promise<void> {
    type Member = Awaited<ReturnType<NetworkService['members']>>[number];
    const left: Member[] = [];
    let removed = false;
    for (;;) {
      const round = await this.db.transaction(async (tx) => {
        const network = await this.networks.find(tx, caller.teamId, id, true);
        const remaining = (await this.networks.members(tx, id)).filter(
          (member) => !left.some((gone) => gone.computeId === member.computeId),
        );
        if (remaining.length === 0 && removed) {
          await this.recordLeft(tx, caller, network, left);
          await tx.delete(privateNetworks).where(eq(privateNetworks.id, id));
          await this.networks.audit(tx, caller, 'network.deleted', network, {
            ipv4Block: network.ipv4Block,
          });
          return { deleted: true as const };
        }
        return { deleted: false as const, row: network, remaining };
      });
      if (round.deleted) break;
      const { row, remaining } = round;
      let stuck: Member | undefined;
      try {
        this.refuseWhileJoining(remaining);
        for (const member of remaining) {
          stuck = member;
          await this.networks.deps.computes.leave(cardOf(row, member.address), member.computeId);
          left.push(member);
        }
        stuck = undefined;
        await this.networks.deps.computes.remove(id);
        removed = true;
      } catch (error) {
        throw await this.deleteStopped(caller, row, left, stuck, error);
      }
    }
    await this.networks.deps.live.publishToTeam(caller.teamId, {
      type: 'network.deleted',
      teamId: caller.teamId,
      networkId: id,
    });
  }

  /**
   * A delete that stopped (a compute that could not leave, one still joining): those that left are
   * recorded as having left, and the answer says who stayed and why.
   */
  private async deleteStopped(
    caller: Caller,
    row: NetworkRow,
    left: readonly { computeId: string; hostname: string; address: string }[],
    stuck: { hostname: string } | undefined,
    error: unknown,
  ): Promise<ProblemError> {
    if (left.length > 0) {
      const network = await this.db.transaction(async (tx) => {
        await this.recordLeft(tx, caller, row, left);
        return this.networks.toNetwork(tx, row);
      });
      await this.networks.publish(caller.teamId, network);
    }
    const gone = left.map((member) => member.hostname).join(', ');
    return this.refusal(
      error,
      'delete',
      row.id,
      stuck
        ? left.length > 0
          ? t('networks.problem.driver.stuckAfter', { hostname: stuck.hostname, left: gone })
          : t('networks.problem.driver.stuck', { hostname: stuck.hostname })
        : undefined,
      left.length > 0,
    );
  }

  /** A destroyed compute's card went with its machine: its rows go, its addresses are free again. */
  async letGo(computeId: string): Promise<void> {
    const rows = await this.db
      .delete(privateNetworkMembers)
      .where(eq(privateNetworkMembers.computeId, computeId))
      .returning();
    for (const gone of rows) {
      const [row] = await this.db
        .select()
        .from(privateNetworks)
        .where(eq(privateNetworks.id, gone.networkId));
      if (!row) continue;
      await this.networks.audit(
        this.db,
        { teamId: row.teamId, actor: SYSTEM_ACTOR },
        'network.compute_detached',
        row,
        { computeId, address: gone.address, reason: 'destroyed' },
      );
      await this.networks.publish(row.teamId, await this.networks.toNetwork(this.db, row));
    }
  }

  private async recordLeft(
    tx: Queryable,
    caller: Caller,
    row: NetworkRow,
    members: readonly { computeId: string; hostname: string; address: string }[],
  ): Promise<void> {
    for (const member of members) {
      await tx.delete(privateNetworkMembers).where(memberRow(row.id, member.computeId));
      await this.networks.audit(tx, caller, 'network.compute_detached', row, {
        computeId: member.computeId,
        hostname: member.hostname,
        address: member.address,
      });
    }
  }

  /**
   * The driver's refusal (MachineStateError: 409 with its reason; a join's beside computeId) or failure
   * (502), in words; `changed` when some of it was done (computes that left a network being deleted).
   */
  private refusal(
    error: unknown,
    doing: Doing,
    networkId: string,
    who?: string,
    changed = false,
  ): ProblemError {
    if (error instanceof ProblemError) return error;
    const prefix = who ? t('networks.problem.driver.who', { what: failedTo(doing), who }) : failedTo(doing);
    const after = changed
      ? t('networks.problem.driver.networkStays')
      : t('networks.problem.driver.nothingChanged');
    if (error instanceof MachineStateError) {
      const detail = t('networks.problem.driver.refused', { prefix, reason: error.message });
      if (doing === 'join') return fieldProblem('computeId', detail, { status: 409 });
      return new ProblemError(409, { title: failedTo(doing), detail: `${detail} ${after}` });
    }
    this.networks.deps.logger.error({ err: error, networkId }, `the network driver failed to ${doing}`);
    return new ProblemError(502, {
      title: t('volumes.problem.driverFailed.title'),
      detail: `${t('networks.problem.driver.failed', { prefix })} ${after}`,
    });
  }
}

function memberRow(networkId: string, computeId: string) {
  return and(eq(privateNetworkMembers.networkId, networkId), eq(privateNetworkMembers.computeId, computeId));
}
