// The domain a /domains/$id page shows. The address names the zone (/domains/example.rw/MX), which reads
// better than an id; the team's domain list (cached, small) turns it into the domain. An id works too.
import { useQuery } from '@tanstack/react-query';
import { domainsQuery } from '../../../../../services/domains.queries';
import { useCurrentTeam } from '../../../-components/use-current-team';

export function useDomain(nameOrId: string) {
  const team = useCurrentTeam();
  const list = useQuery({ ...domainsQuery(team?.id ?? ''), enabled: Boolean(team) });
  const wanted = nameOrId.toLowerCase().replace(/\.$/, '');
  const domain = list.data?.domains.find(
    (candidate) => candidate.id === wanted || candidate.name === wanted || candidate.displayName === wanted,
  );
  return { team, domain, isPending: list.isPending, error: list.error };
}
