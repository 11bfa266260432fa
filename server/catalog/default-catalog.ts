// The catalog a fresh installation offers: three locations (and one announced), the common server images,
// and plans from 1 vCPU / 1 GB to 32 vCPUs. CATALOG_FILE replaces it (see catalog.ts).
import type { StoragePrice } from '@/contract/storage-prices';
import type { InstanceType, Location, OperatingSystem } from './catalog';

export const DEFAULT_LOCATIONS: Location[] = [
  { id: 'kgl1', name: 'Kigali 1', city: 'Kigali', country: 'RW', available: true },
  { id: 'nbo1', name: 'Nairobi 1', city: 'Nairobi', country: 'KE', available: true },
  { id: 'fra1', name: 'Frankfurt 1', city: 'Frankfurt', country: 'DE', available: true },
  // Listed so the console can show what is coming; creating a compute there is refused.
  { id: 'los1', name: 'Lagos 1', city: 'Lagos', country: 'NG', available: false },
];

export const DEFAULT_OPERATING_SYSTEMS: OperatingSystem[] = [
  { id: 'ubuntu-24-04', name: 'Ubuntu', version: '24.04 LTS', family: 'ubuntu', defaultUser: 'root' },
  { id: 'ubuntu-22-04', name: 'Ubuntu', version: '22.04 LTS', family: 'ubuntu', defaultUser: 'root' },
  { id: 'debian-12', name: 'Debian', version: '12 (bookworm)', family: 'debian', defaultUser: 'root' },
  { id: 'rocky-9', name: 'Rocky Linux', version: '9', family: 'rocky', defaultUser: 'root' },
  { id: 'alma-9', name: 'AlmaLinux', version: '9', family: 'alma', defaultUser: 'root' },
  { id: 'fedora-41', name: 'Fedora', version: '41', family: 'fedora', defaultUser: 'root' },
  { id: 'alpine-3-20', name: 'Alpine Linux', version: '3.20', family: 'alpine', defaultUser: 'root' },
];

/** Francs per US dollar used to price the defaults; an operator's CATALOG_FILE sets its own prices. */
const RWF_PER_USD = 1_400;
const HOURS_PER_MONTH = 730;

/** A plan priced by its monthly cap in USD; hourly is the cap spread over a month, rounded up. */
function plan(vcpus: number, memoryGb: number, diskGb: number, monthlyUsd: number): InstanceType {
  const monthly = { USD: monthlyUsd * 100, RWF: monthlyUsd * RWF_PER_USD };
  return {
    id: `s-${vcpus}vcpu-${memoryGb}gb`,
    name: `${vcpus} vCPU · ${memoryGb} GB`,
    vcpus,
    memoryMb: memoryGb * 1024,
    diskGb,
    hourly: {
      USD: Math.ceil(monthly.USD / HOURS_PER_MONTH),
      RWF: Math.ceil(monthly.RWF / HOURS_PER_MONTH),
    },
    monthly,
  };
}

export const DEFAULT_INSTANCE_TYPES: InstanceType[] = [
  plan(1, 1, 25, 5),
  plan(1, 2, 50, 10),
  plan(2, 4, 80, 20),
  plan(4, 8, 160, 40),
  plan(8, 16, 320, 80),
  plan(16, 32, 640, 160),
  plan(32, 64, 1280, 320),
];

/** Per GB-month: a volume 0.10 USD, a team image's file 0.05 USD (block storage and a stored file). */
export const DEFAULT_STORAGE_PRICES: StoragePrice[] = [
  { kind: 'volume', name: 'Volumes', perGbMonth: { USD: 10, RWF: 140 } },
  { kind: 'image', name: 'Team images', perGbMonth: { USD: 5, RWF: 70 } },
];
