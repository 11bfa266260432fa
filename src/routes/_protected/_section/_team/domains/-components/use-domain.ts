// The domain a /domains/$id page shows. The address names the zone (/domains/example.rw/MX), which reads
// better than an id; the team's domain list (cached, small, kept live) turns it into the domain.
// `domain` is undefined once it was deleted, here or elsewhere.
import { useSuspenseQuery } from '@tanstack/react-query';
import type { Domain } from '@/contract/domains';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { domainsQuery } from '@/services/domains.queries';

export function findDomain(domains: readonly Domain[], nameOrId: string): Domain | undefined {
  const wanted = nameOrId.toLowerCase().replace(/\.$/, '');
  return domains.find(
    (candidate) => candidate.id === wanted || candidate.name === wanted || candidate.displayName === wanted,
  );
}

export function useDomain(nameOrId: string) {
  const team = useTeam();
  const { domains } = useSuspenseQuery(domainsQuery(team.id)).data;
  return { team, domain: findDomain(domains, nameOrId) };
}
