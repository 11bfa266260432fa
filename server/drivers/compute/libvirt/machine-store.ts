// The libvirt driver's record of its machines (libvirt_machines): where each was placed, what it holds
// on its host, and the transition the driver waits for libvirt to confirm. Placement and port or address
// allocation happen in one transaction under an advisory lock, so servers sharing a database cannot
// both fill the last place on a host.
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { libvirtMachines } from '../../../db/schema';
import { storedMessageOf } from '../../../i18n/stored-message';
import type { MachineOutcome, MachineSpec, MachineState, MachineStatus, Transition } from '../compute-driver';

export type LibvirtMachineRow = typeof libvirtMachines.$inferSelect;

/**
 * What is kept of the spec: never the password. `generation` counts the rebuilds: it names the disk and the
 * seed the machine boots from (provisioning.ts).
 */
export type StoredSpec = Omit<MachineSpec, 'createdAt' | 'rootPassword'> & {
  createdAt: string;
  generation?: number;
  /**
   * While the machine is in rescue mode (or entering it): the one-time password's SHA-512 crypt for the
   * rescue seed. The domain is defined to boot the rescue system while it is set (provisioning.ts), and
   * its normal definition is made again from the rest of the spec when it is cleared.
   */
  rescue?: { passwordCrypt: string };
};

export function specOf(row: LibvirtMachineRow): StoredSpec {
  return row.spec as unknown as StoredSpec;
}

export function outcomeOf(row: LibvirtMachineRow): MachineOutcome | null {
  const stored = row.lastOutcome as {
    transition: Transition;
    ok: boolean;
    message: unknown;
    at: string;
  } | null;
  // Outcomes stored before messages had ids hold their text only.
  return stored && { ...stored, message: storedMessageOf(stored.message), at: new Date(stored.at) };
}

export function storedOutcome(outcome: MachineOutcome): Record<string, unknown> {
  return { ...outcome, at: outcome.at.toISOString() };
}

// Any constant shared by every server: the key of the placement lock.
const PLACEMENT_LOCK = 0x1b1_7e5e;

export interface HostUsage {
  host: string;
  vcpus: number;
  memoryMb: number;
  diskGb: number;
}

export class LibvirtMachineStore {
  constructor(private readonly db: Database) {}

  async find(id: string): Promise<LibvirtMachineRow | undefined> {
    const [row] = await this.db.select().from(libvirtMachines).where(eq(libvirtMachines.id, id));
    return row;
  }

  async all(): Promise<LibvirtMachineRow[]> {
    return this.db.select().from(libvirtMachines);
  }

  async inTransition(): Promise<LibvirtMachineRow[]> {
    return this.db.select().from(libvirtMachines).where(isNotNull(libvirtMachines.transition));
  }

  /** What each host has given out (running or stopped: a stopped machine keeps its place and its disk). */
  async usage(tx: Database | Transaction = this.db): Promise<HostUsage[]> {
    return tx
      .select({
        host: libvirtMachines.host,
        vcpus: sql<number>`coalesce(sum(${libvirtMachines.vcpus}), 0)::int`,
        memoryMb: sql<number>`coalesce(sum(${libvirtMachines.memoryMb}), 0)::int`,
        diskGb: sql<number>`coalesce(sum(${libvirtMachines.diskGb}), 0)::int`,
      })
      .from(libvirtMachines)
      .groupBy(libvirtMachines.host);
  }

  /** Runs `place` with the placement lock and today's usage, and stores the row it returns. */
  async place(
    place: (
      usage: HostUsage[],
      taken: { host: string; sshPort: number | null; ipv4: string | null; ipv6: string | null }[],
    ) => typeof libvirtMachines.$inferInsert,
  ): Promise<LibvirtMachineRow> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PLACEMENT_LOCK})`);
      const usage = await this.usage(tx);
      const taken = await tx
        .select({
          host: libvirtMachines.host,
          sshPort: libvirtMachines.sshPort,
          ipv4: libvirtMachines.ipv4,
          ipv6: libvirtMachines.ipv6,
        })
        .from(libvirtMachines);
      const [row] = await tx.insert(libvirtMachines).values(place(usage, taken)).returning();
      return row!;
    });
  }

  async update(id: string, values: Partial<LibvirtMachineRow>): Promise<LibvirtMachineRow | undefined> {
    const [row] = await this.db
      .update(libvirtMachines)
      .set(values)
      .where(eq(libvirtMachines.id, id))
      .returning();
    return row;
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(libvirtMachines).where(eq(libvirtMachines.id, id));
  }
}

export function statusOf(row: LibvirtMachineRow, state?: MachineState): MachineStatus {
  return {
    state: state ?? (row.state as MachineState),
    transition: row.transition as Transition | null,
    ipv4: row.ipv4,
    ipv6: row.ipv6,
    lastOutcome: outcomeOf(row),
  };
}
