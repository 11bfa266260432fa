// The compute a /computes/$id page shows, kept live by the socket (see services/live-updates.ts).
import { useQuery } from '@tanstack/react-query';
import { computeQuery } from '../../../../../services/computes.queries';
import { useCurrentTeam } from '../../../-components/use-current-team';

export function useCompute(id: string) {
  const team = useCurrentTeam();
  const query = useQuery({ ...computeQuery(team?.id ?? '', id), enabled: Boolean(team), retry: false });
  return { team, ...query };
}
