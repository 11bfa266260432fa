// What computes can be made of: locations, operating-system images and instance types. Defaults live in
// default-catalog.ts; CATALOG_FILE (JSON with the three lists) replaces them, checked at start so a typo
// stops the server with the field named instead of surfacing later as a broken form.
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { instanceTypeSchema, locationSchema, operatingSystemSchema } from '@/contract/computes';
import { type StoragePrice, storagePriceSchema } from '@/contract/storage-prices';
import {
  DEFAULT_INSTANCE_TYPES,
  DEFAULT_LOCATIONS,
  DEFAULT_OPERATING_SYSTEMS,
  DEFAULT_STORAGE_PRICES,
} from './default-catalog';

export type Location = v.InferOutput<typeof locationSchema>;
export type OperatingSystem = v.InferOutput<typeof operatingSystemSchema>;
export type InstanceType = v.InferOutput<typeof instanceTypeSchema>;

export interface CatalogData {
  locations: Location[];
  operatingSystems: OperatingSystem[];
  instanceTypes: InstanceType[];
  /** Per GB-month, by product kind (volume, image, …); absent: the defaults'. */
  storagePrices?: StoragePrice[];
}

const ID = /^[a-z0-9][a-z0-9._-]{0,49}$/;

function listOf<T extends v.GenericSchema<unknown, { id: string }>>(item: T, what: string) {
  const withId = v.pipe(
    item,
    v.check(
      (entry) => ID.test((entry as { id: string }).id),
      'An id uses lowercase letters, digits, dots, hyphens and underscores (at most 50).',
    ),
  );
  return v.pipe(
    v.array(withId),
    v.minLength(1, `List at least one ${what}.`),
    v.check(
      (entries) => new Set(entries.map((entry) => (entry as { id: string }).id)).size === entries.length,
      `Each ${what} id only once.`,
    ),
  );
}

export const catalogFileSchema = v.strictObject({
  locations: listOf(locationSchema, 'location'),
  operatingSystems: listOf(operatingSystemSchema, 'operating system'),
  instanceTypes: listOf(instanceTypeSchema, 'instance type'),
  /** Optional: the defaults' prices per GB-month when left out; a kind left out of the list costs nothing. */
  storagePrices: v.optional(
    v.pipe(
      v.array(storagePriceSchema),
      v.check(
        (entries) => new Set(entries.map((entry) => entry.kind)).size === entries.length,
        'Each storage kind only once.',
      ),
    ),
  ),
});

/** Reads and checks a catalog file; the problems name the file, the path in it and what is wrong. */
export function readCatalogFile(path: string): { catalog?: CatalogData; problems: string[] } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error);
    return { problems: [`CATALOG_FILE ${path} cannot be read (${reason}).`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problems: [`CATALOG_FILE ${path} is not valid JSON (${(error as Error).message}).`] };
  }
  const result = v.safeParse(catalogFileSchema, json);
  if (!result.success) {
    return {
      problems: result.issues
        .slice(0, 10)
        .map((issue) => `CATALOG_FILE ${path}: ${v.getDotPath(issue) ?? '(top level)'}: ${issue.message}`),
    };
  }
  return { catalog: result.output as CatalogData, problems: [] };
}

export const DEFAULT_CATALOG: CatalogData = {
  locations: DEFAULT_LOCATIONS,
  operatingSystems: DEFAULT_OPERATING_SYSTEMS,
  instanceTypes: DEFAULT_INSTANCE_TYPES,
  storagePrices: DEFAULT_STORAGE_PRICES,
};

/** The catalog with lookups by id, held in memory: list pages resolve every compute's parts without queries. */
export class Catalog {
  private readonly locationsById: Map<string, Location>;
  private readonly imagesById: Map<string, OperatingSystem>;
  private readonly typesById: Map<string, InstanceType>;

  constructor(readonly data: CatalogData = DEFAULT_CATALOG) {
    this.locationsById = new Map(data.locations.map((entry) => [entry.id, entry]));
    this.imagesById = new Map(data.operatingSystems.map((entry) => [entry.id, entry]));
    this.typesById = new Map(data.instanceTypes.map((entry) => [entry.id, entry]));
  }

  location(id: string): Location | undefined {
    return this.locationsById.get(id);
  }

  operatingSystem(id: string): OperatingSystem | undefined {
    return this.imagesById.get(id);
  }

  instanceType(id: string): InstanceType | undefined {
    return this.typesById.get(id);
  }

  /** The price per GB-month of a product kind (volume, image, …); undefined: it costs nothing. */
  storagePrice(kind: string): StoragePrice | undefined {
    return this.storagePrices.find((price) => price.kind === kind);
  }

  /** Every price per GB-month: the catalog file's, or the defaults'. */
  get storagePrices(): StoragePrice[] {
    return this.data.storagePrices ?? DEFAULT_STORAGE_PRICES;
  }

  /**
   * A compute made from an entry the operator later removed still shows: as its id, marked unavailable,
   * rather than failing every list that contains it.
   */
  locationOrRetired(id: string): Location {
    return this.location(id) ?? { id, name: id, city: id, country: 'ZZ', available: false };
  }

  operatingSystemOrRetired(id: string): OperatingSystem {
    return this.operatingSystem(id) ?? { id, name: id, version: '', family: 'ubuntu', defaultUser: 'root' };
  }
}
