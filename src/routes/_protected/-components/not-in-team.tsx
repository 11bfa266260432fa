// What a page of one resource (a compute, a domain) shows when the address names none of the current team's.
import { Link } from '@tanstack/react-router';
import { buttonRecipe } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { PageHeader } from '../../-components/page';

export function NotInTeam({
  kind,
  error,
  back,
}: {
  /** "compute", "domain". */
  kind: 'compute' | 'domain';
  /** The API's refusal, if there was one, said first. */
  error?: Error | null;
  back: { to: '/computes' | '/domains'; label: string };
}) {
  const deleted = kind === 'compute' ? 'destroyed' : 'deleted';
  return (
    <>
      <PageHeader title={`${kind === 'compute' ? 'Compute' : 'Domain'} not found`} />
      <EmptyState
        title={`There is no such ${kind} in this team`}
        description={`${error?.message ? `${error.message} ` : ''}It may have been ${deleted}, or it belongs to another team: switch teams from the menu at the top if so.`}
        action={
          <Link to={back.to} className={buttonRecipe({ variant: 'outline' })}>
            {back.label}
          </Link>
        }
      />
    </>
  );
}
