// Many computes written straight into the database, for list tests and the list benchmark: varied
// statuses, locations, plans, tags and creation times, addresses from the benchmarking range 198.18.0.0/15.
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_INSTANCE_TYPES,
  DEFAULT_LOCATIONS,
  DEFAULT_OPERATING_SYSTEMS,
} from '../../server/catalog/default-catalog';
import type { Database } from '../../server/db';
import { computes } from '../../server/db/schema';

// Resting statuses only: a compute seeded mid-transition has no machine behind it, and the server's
// restart recovery would (rightly) settle it as failed.
export const SEED_STATUSES = [
  'running',
  'running',
  'running',
  'stopped',
  'running',
  'error',
  'stopped',
] as const;
export const SEED_TAGS = ['web', 'db', 'cache', 'prod', 'staging', 'eu', 'africa', 'batch'] as const;

export interface SeedOptions {
  teamId: string;
  count: number;
  createdBy?: string | null;
  /** Hostnames are `<prefix>-00001`, …; default "node". */
  prefix?: string;
  /** The first compute's creation time; each next one a minute later. Default: count minutes ago. */
  start?: Date;
}

export interface SeededCompute {
  id: string;
  hostname: string;
  status: string;
  locationId: string;
  tags: string[];
  ipv4: string;
  createdAt: Date;
}

export function seededRow(
  options: SeedOptions,
  index: number,
): SeededCompute & { instanceTypeIndex: number } {
  const start = options.start ?? new Date(Date.now() - options.count * 60_000);
  const block = Math.floor(index / 250);
  return {
    id: randomUUID(),
    hostname: `${options.prefix ?? 'node'}-${String(index + 1).padStart(5, '0')}`,
    status: SEED_STATUSES[index % SEED_STATUSES.length]!,
    locationId: DEFAULT_LOCATIONS[index % 3]!.id,
    tags: [
      SEED_TAGS[index % SEED_TAGS.length]!,
      ...(index % 5 === 0 ? [SEED_TAGS[(index + 3) % SEED_TAGS.length]!] : []),
    ],
    ipv4: `198.${18 + Math.floor(block / 256)}.${block % 256}.${(index % 250) + 2}`,
    createdAt: new Date(start.getTime() + index * 60_000),
    instanceTypeIndex: index % 4,
  };
}

/** Inserts the computes in batches of 1,000; returns them in creation order. */
export async function seedComputes(db: Database, options: SeedOptions): Promise<SeededCompute[]> {
  const made: SeededCompute[] = [];
  for (let offset = 0; offset < options.count; offset += 1_000) {
    const batch = Array.from({ length: Math.min(1_000, options.count - offset) }, (_, index) =>
      seededRow(options, offset + index),
    );
    await db.insert(computes).values(
      batch.map((row, index) => {
        const plan = DEFAULT_INSTANCE_TYPES[row.instanceTypeIndex]!;
        return {
          id: row.id,
          teamId: options.teamId,
          hostname: row.hostname,
          status: row.status,
          locationId: row.locationId,
          operatingSystemId: DEFAULT_OPERATING_SYSTEMS[row.instanceTypeIndex]!.id,
          instanceType: plan as unknown as Record<string, unknown>,
          vcpus: plan.vcpus,
          ipv4: row.ipv4,
          ipv6: `2001:db8::${(offset + index + 16).toString(16)}`,
          tags: row.tags,
          authentication: 'ssh-key',
          sshKeyFingerprint: 'SHA256:seededseededseededseededseededseededseede',
          createdAt: row.createdAt,
          createdBy: options.createdBy ?? null,
          updatedAt: row.createdAt,
        };
      }),
    );
    made.push(...batch);
  }
  return made;
}
