// A plan's size in words, as the create form and the resize tab list plans: "2 vCPUs · 4 GB · 80 GB disk".
import { formatMemory } from '@/domain/money';
import { t } from '@/i18n';

export function planSize(plan: { vcpus: number; memoryMb: number; diskGb: number }): string {
  return t('computes.plan.size', {
    vcpus: plan.vcpus,
    memory: formatMemory(plan.memoryMb),
    disk: plan.diskGb,
  });
}
