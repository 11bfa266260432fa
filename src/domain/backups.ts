// Backups' rules, once for both sides: what backups cost (a share of the compute's plan, as DigitalOcean and
// Hetzner price them), which computes may be backed up and restored onto, and why not, in words.
import type { ComputeStatus, InstanceType } from '@/contract/computes';
import { t } from '@/i18n/state';
import { computeIsIn } from './compute-lifecycle';

/** Backups add this share of the plan's price (hourly and the monthly cap alike). */
export const BACKUP_PRICE_SHARE_PERCENT = 20;

/** How many backups a compute keeps unless the operator sets BACKUP_RETENTION. */
export const DEFAULT_BACKUP_RETENTION = 7;

/** How often the scheduled backup of a compute with backups on is made. */
export const BACKUP_INTERVAL_MS = 24 * 3_600_000;

type Price = InstanceType['hourly'];

function shareOf(price: Price): Price {
  const share = (amount: number) => Math.ceil((amount * BACKUP_PRICE_SHARE_PERCENT) / 100);
  return { RWF: share(price.RWF), USD: share(price.USD) };
}

/** What backups add to a compute of this plan: per hour it exists, capped per calendar month. */
export function backupPriceOf(plan: Pick<InstanceType, 'hourly' | 'monthly'>): {
  hourly: Price;
  monthly: Price;
  sharePercent: number;
} {
  return {
    hourly: shareOf(plan.hourly),
    monthly: shareOf(plan.monthly),
    sharePercent: BACKUP_PRICE_SHARE_PERCENT,
  };
}

/** A backup copies a running or stopped disk; mid-transition (or in error, rescue) it waits. */
export function mayBackUp(status: ComputeStatus): boolean {
  return status === 'running' || status === 'stopped';
}

export function backupRefusal(status: ComputeStatus): string {
  return t('computes.backups.refused', { state: computeIsIn(status) });
}

/** A restore replaces the disk: only a stopped compute's, so nothing writes to it meanwhile. */
export function mayRestoreOnto(status: ComputeStatus): boolean {
  return status === 'stopped';
}

export function restoreRefusal(status: ComputeStatus): string {
  return t('computes.backups.restoreRefused', { state: computeIsIn(status) });
}
