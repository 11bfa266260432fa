// What a page of one resource (a compute, a domain) shows when it isn't there: the address names none of
// the current team's (NotInTeam), or it was destroyed or deleted while the page was open (Gone).
import { Link, notFound } from '@tanstack/react-router';
import { useT } from '@/i18n';
import { ApiError } from '@/services/http';
import { buttonRecipe } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '../../-components/page';

type Kind = 'compute' | 'domain';
interface Back {
  to: '/computes' | '/domains';
  /** The link's words; by default "Back to the computes" or "Back to the domains". */
  label?: string;
}

function BackLink({ kind, back }: { kind: Kind; back: Back }) {
  const t = useT();
  return (
    <Link to={back.to} className={buttonRecipe({ variant: 'outline' })}>
      {back.label ?? t('shell.gone.back', { kind })}
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
  const t = useT();
  return (
    <>
      <PageHeader title={t('shell.notInTeam.title', { kind })} />
      <EmptyState
        title={t('shell.notInTeam.lead', { kind })}
        description={t('shell.notInTeam.text', { kind })}
        action={<BackLink kind={kind} back={back} />}
      />
    </>
  );
}

export function Gone({ kind, name, back }: { kind: Kind; name: string; back: Back }) {
  const t = useT();
  return (
    <>
      <PageHeader title={name} />
      <EmptyState
        title={t('shell.gone.title', { kind })}
        description={
          kind === 'compute' ? t('shell.gone.compute', { name }) : t('shell.gone.domain', { name })
        }
        action={<BackLink kind={kind} back={back} />}
      />
    </>
  );
}
