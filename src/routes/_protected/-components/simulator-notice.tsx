// Where computes run on the embedded hypervisor simulator, the console says so (no real machine starts).
import { useQuery } from '@tanstack/react-query';
import { useT } from '@/i18n';
import { appConfigQuery } from '@/services/app-config.queries';
import { Alert } from '@/ui/alert';

export function SimulatorNotice() {
  const t = useT();
  const simulated = useQuery(appConfigQuery()).data?.drivers.compute === 'simulator';
  if (!simulated) return null;
  return <Alert tone="info">{t('computes.simulator')}</Alert>;
}
