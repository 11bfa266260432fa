// Where computes run on the embedded hypervisor simulator, the console says so (no real machine starts).
import { useQuery } from '@tanstack/react-query';
import { appConfigQuery } from '@/services/app-config.queries';
import { Alert } from '@/ui/alert';

export function SimulatorNotice() {
  const simulated = useQuery(appConfigQuery()).data?.drivers.compute === 'simulator';
  if (!simulated) return null;
  return (
    <Alert tone="info">
      This server runs computes on its built-in hypervisor simulator: they boot, run and answer on their
      console, but no real machine is started and nothing is reachable over the network.
    </Alert>
  );
}
