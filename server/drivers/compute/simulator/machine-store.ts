// The simulator's machines in the database. Every change is one transaction holding the machine's row
// lock, so a server killed mid-write leaves each machine either before or after the change, never between.
import { eq, isNotNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { simulatorMachines } from '../../../db/schema';
import { message, storedMessageOf } from '../../../i18n/stored-message';
import {
  DriverCapacityError,
  type MachineOutcome,
  type MachineSize,
  type MachineSpec,
  type MachineStatus,
  type Transition,
} from '../compute-driver';
import { firstFreeIpv4, firstFreeIpv6, type Ipv4Block, type Ipv6Prefix } from './address-pool';

export type MachineRow = typeof simulatorMachines.$inferSelect;

/** What is stored of the spec: dates as ISO text inside jsonb. */
export interface StoredSpec extends Omit<MachineSpec, 'createdAt' | 'rootPassword'> {
  createdAt: string;
  /** The size a resize under way gives the machine once it completes. */
  resizeTo?: MachineSize;
  /** In rescue (or entering it): the one-time password's hash the rescue system's root signs in with. */
  rescuePasswordHash?: string;
}

/** The stored spec without the rescue password's hash (rescue left, or never reached). */
export function withoutRescue(row: MachineRow): Record<string, unknown> {
  const { rescuePasswordHash: _hash, ...stored } = row.spec as unknown as StoredSpec;
  return stored as unknown as Record<string, unknown>;
}

/** What is kept of a spec: never the generated password (a real guest's image needs it; we keep its hash). */
export function storedSpecOf(spec: MachineSpec): StoredSpec {
  const { rootPassword: _password, ...kept } = spec;
  return { ...kept, createdAt: spec.createdAt.toISOString() };
}

export function specOf(row: MachineRow): MachineSpec {
  const { resizeTo: _resizeTo, rescuePasswordHash: _rescue, ...stored } = row.spec as unknown as StoredSpec;
  return { ...stored, createdAt: new Date(stored.createdAt) };
}

/** The size the machine holds on its host: during a resize, the larger of its old and new sizes. */
export function heldSize(row: MachineRow): MachineSize {
  const spec = row.spec as unknown as StoredSpec;
  const to = spec.resizeTo ?? spec;
  return {
    vcpus: Math.max(spec.vcpus, to.vcpus),
    memoryMb: Math.max(spec.memoryMb, to.memoryMb),
    diskGb: Math.max(spec.diskGb, to.diskGb),
  };
}

/** The stored spec once a resize ended: the new size when it completed, the old one when it failed. */
export function resized(row: MachineRow, completed: boolean): Record<string, unknown> {
  const { resizeTo, ...stored } = row.spec as unknown as StoredSpec;
  return { ...stored, ...(completed && resizeTo ? resizeTo : {}) } as unknown as Record<string, unknown>;
}

export function outcomeOf(row: MachineRow): MachineOutcome | null {
  const stored = row.lastOutcome as {
    transition: Transition;
    ok: boolean;
    message: unknown;
    at: string;
  } | null;
  // Outcomes stored before messages had ids hold their text only.
  return stored && { ...stored, message: storedMessageOf(stored.message), at: new Date(stored.at) };
}

const POWER_LOG_DAYS = 31;

/** Opens a running interval at `at` (no-op when one is open). */
export function powerOn(log: [number, number | null][], at: number): [number, number | null][] {
  if (log.at(-1)?.[1] === null) return log;
  return [...trim(log, at), [at, null]];
}

/** Closes the open running interval at `at` (no-op when none is open). */
export function powerDown(log: [number, number | null][], at: number): [number, number | null][] {
  const last = log.at(-1);
  if (!last || last[1] !== null) return log;
  return [...trim(log.slice(0, -1), at), [last[0], at]];
}

function trim(log: [number, number | null][], now: number): [number, number | null][] {
  const horizon = now - POWER_LOG_DAYS * 86_400_000;
  return log.filter(([, off]) => off === null || off >= horizon);
}

export class MachineStore {
  constructor(
    private readonly db: Database,
    private readonly ipv4: readonly Ipv4Block[],
    private readonly ipv6: Ipv6Prefix,
  ) {}

  async find(id: string): Promise<MachineRow | undefined> {
    const [row] = await this.db.select().from(simulatorMachines).where(eq(simulatorMachines.id, id));
    return row;
  }

  async all(): Promise<MachineRow[]> {
    return this.db.select().from(simulatorMachines);
  }

  /** Machines with a transition under way (after a restart: the ones to resume). */
  async inTransition(): Promise<MachineRow[]> {
    return this.db.select().from(simulatorMachines).where(isNotNull(simulatorMachines.transition));
  }

  /**
   * Stores a new machine with the first free addresses and its provisioning due. Two servers sharing a
   * PostgreSQL database may pick the same address at once: the unique constraint refuses the second, which
   * tries again with the next free one.
   */
  async insert(spec: MachineSpec, now: Date, dueAt: Date): Promise<MachineRow> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction(async (tx) => {
          const used = await tx
            .select({ ipv4: simulatorMachines.ipv4, ipv6: simulatorMachines.ipv6 })
            .from(simulatorMachines);
          const ipv4 = firstFreeIpv4(this.ipv4, new Set(used.map((row) => row.ipv4 ?? '')));
          if (!ipv4) {
            throw new DriverCapacityError(message('history.simulator.noFreeAddress'));
          }
          const ipv6 = firstFreeIpv6(this.ipv6, new Set(used.map((row) => row.ipv6 ?? '')));
          const stored = storedSpecOf(spec);
          const [row] = await tx
            .insert(simulatorMachines)
            .values({
              id: spec.id,
              spec: stored as unknown as Record<string, unknown>,
              ipv4,
              ipv6: ipv6 ?? null,
              state: 'provisioning',
              transition: 'provision',
              transitionStartedAt: now,
              transitionDueAt: dueAt,
              powerLog: [],
              createdAt: now,
            })
            .returning();
          return row!;
        });
      } catch (error) {
        if (attempt >= 5 || !isUniqueViolation(error, /simulator_machines_ipv[46]_unique/)) throw error;
      }
    }
  }

  /** Runs `change` on the machine's locked row inside a transaction; undefined when there is no machine. */
  async change<T>(
    id: string,
    change: (row: MachineRow, tx: Transaction) => Promise<T>,
  ): Promise<T | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(simulatorMachines)
        .where(eq(simulatorMachines.id, id))
        .for('update');
      if (!row) return undefined;
      return change(row, tx);
    });
  }

  async update(tx: Transaction, id: string, values: Partial<MachineRow>): Promise<MachineRow> {
    const [row] = await tx
      .update(simulatorMachines)
      .set(values)
      .where(eq(simulatorMachines.id, id))
      .returning();
    return row!;
  }

  async remove(tx: Transaction, id: string): Promise<void> {
    await tx.delete(simulatorMachines).where(eq(simulatorMachines.id, id));
  }
}

export function isUniqueViolation(error: unknown, constraint?: RegExp): boolean {
  // drizzle wraps driver errors; the PostgreSQL error (code 23505) is the cause on both pg and PGlite.
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const {
      code,
      constraint: name,
      message,
    } = current as { code?: string; constraint?: string; message?: string };
    if (code === '23505') return !constraint || constraint.test(name ?? message ?? '');
  }
  return false;
}

export function statusOf(row: MachineRow): MachineStatus {
  return {
    state: row.state as MachineStatus['state'],
    transition: row.transition as Transition | null,
    ipv4: row.ipv4,
    ipv6: row.ipv6,
    lastOutcome: outcomeOf(row),
  };
}
