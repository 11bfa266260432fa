// What a page of one resource (a compute, a domain) shows when it isn't there: the address names none of
// the current team's (NotInTeam), or it was destroyed or deleted while the page was open (Gone).
import { Link, notFound } from '@tanstack/react-router';
import { ApiError } from '@/services/http';
import { buttonRecipe } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '../../-components/page';

type Kind = 'compute' | 'domain';
interface Back {
  to: '/computes' | '/domains';
  label: string;
}

const title = (kind: Kind) => (kind === 'compute' ? 'Compute' : 'Domain');
const deleted = (kind: Kind) => (kind === 'compute' ? 'destroyed' : 'deleted');

function BackLink({ back }: { back: Back }) {
  return (
    <Link to={back.to} className={buttonRecipe({ variant: 'outline' })}>
      {back.label}
    </Link>
  );
}

/** A loader's fetch of one resource: a 404 becomes the route's not-found page instead of an error. */
export async function orNotFound<T>(loading: Promise<T>): Promise<T> {
  try {
    return await loading;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

export function NotInTeam({ kind, back }: { kind: Kind; back: Back }) {
  return (
    <>
      <PageHeader title={`${title(kind)} not found`} />
      <EmptyState
        title={`There is no such ${kind} in this team`}
        description={`It may have been ${deleted(kind)}, or it belongs to another team: switch teams from the menu at the top if so.`}
        action={<BackLink back={back} />}
      />
    </>
  );
}

export function Gone({ kind, name, back }: { kind: Kind; name: string; back: Back }) {
  return (
    <>
      <PageHeader title={name} />
      <EmptyState
        title={`This ${kind} was ${deleted(kind)}`}
        description={`${name} no longer exists${kind === 'compute' ? ': its disk and addresses are released' : ', and our name servers no longer answer for it'}. Someone in your team ${deleted(kind)} it, here or in another window.`}
        action={<BackLink back={back} />}
      />
    </>
  );
}
