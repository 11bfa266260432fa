// "web-1 is being created" (the create page's toast) is followed by "web-1 is running" once the compute's
// page sees it run, whether that happens before or after the page first shows it.
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { showToast } from '@/app-actors';
import type { Compute } from '@/contract/computes';
import { t } from '@/i18n';

const awaited = new Set<string>();

/** The create page: this compute's page should say when it runs. */
export function announceWhenRunning(computeId: string): void {
  awaited.add(computeId);
}

export function useRunningNotice(compute: Compute): void {
  const router = useRouter();
  useEffect(() => {
    if (!awaited.has(compute.id)) return;
    if (compute.status === 'provisioning') return;
    awaited.delete(compute.id);
    if (compute.status !== 'running') return;
    showToast(router.options.context.actors, {
      tone: 'success',
      title: t('computes.create.running', { hostname: compute.hostname }),
      description: compute.ipv4 ? t('computes.create.reachAt', { address: compute.ipv4 }) : undefined,
    });
  }, [compute.id, compute.status, compute.hostname, compute.ipv4, router]);
}
