import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { grid, hstack } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { showToast, withInspector } from '@/app-actors';
import type { Compute } from '@/contract/computes';
import { formatMoney } from '@/domain/money';
import { can, whyNot } from '@/domain/permissions';
import { useT } from '@/i18n';
import { computeDestroyMachine, matchesHostname } from '@/machines/compute-destroy';
import { Gone } from '@/routes/_protected/-components/not-in-team';
import { SectionHeading } from '@/routes/-components/page';
import { useDestroyCompute, useForgetCompute } from '@/services/computes.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { Text } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { loadCompute, useCompute } from '../-components/use-compute';

// Destroy: says what is lost, asks for the hostname, then waits until the compute is gone.
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/destroy')({
  loader: loadCompute,
  component: ComputeDestroyPage,
});

function ComputeDestroyPage() {
  const { id } = Route.useParams();
  const { compute, team, gone } = useCompute(id);
  return (
    <DestroyForm
      compute={compute}
      gone={gone}
      teamId={team.id}
      mayDestroy={can(team.role, 'resources.manage')}
      currency={team.currency}
    />
  );
}

function DestroyForm({
  compute,
  gone,
  teamId,
  mayDestroy,
  currency,
}: {
  compute: Compute;
  gone: boolean;
  teamId: string;
  mayDestroy: boolean;
  currency: 'RWF' | 'USD';
}) {
  const t = useT();
  const router = useRouter();
  const destroy = useDestroyCompute({ teamId, id: compute.id });
  const forget = useForgetCompute();
  const actor = useActorRef(
    computeDestroyMachine.provide({
      actors: {
        destroy: fromPromise<Compute, { confirmHostname: string }>(({ input }) =>
          destroy.mutateAsync(input.confirmHostname),
        ),
      },
      actions: {
        leave: () => {
          forget({ teamId, id: compute.id });
          showToast(router.options.context.actors, {
            tone: 'success',
            title: t('computes.destroy.done', { hostname: compute.hostname }),
          });
          void router.navigate({ to: '/computes' });
        },
      },
    }),
    withInspector({ input: { hostname: compute.hostname } }),
  );
  const snapshot = useSelector(actor, (s) => s);
  // Gone is pushed over the socket (or found by the refetch after a reconnect): the page follows it.
  useEffect(() => {
    if (gone) actor.send({ type: 'compute.gone' });
  }, [gone, actor]);

  // Destroyed by someone else while this page was open (before this page sent its own request).
  if (gone && snapshot.hasTag('confirming') && !snapshot.hasTag('busy')) {
    return (
      <Gone
        kind="compute"
        name={compute.hostname}
        back={{ to: '/computes', label: t('computes.backToList') }}
      />
    );
  }
  const typed = snapshot.context.typed;
  return (
    <>
      <SectionHeading
        title={t('computes.tab.destroy')}
        documentTitle={t('computes.page.documentTitle', {
          page: t('computes.tab.destroy'),
          hostname: compute.hostname,
        })}
      />
      <div className={grid({ gap: '4', maxWidth: '36rem' })}>
        <Alert tone="error">
          {t('computes.destroy.lead', {
            hostname: compute.hostname,
            addresses:
              [compute.ipv4, compute.ipv6].filter(Boolean).join(', ') || t('computes.destroy.noAddresses'),
            price: formatMoney(compute.instanceType.hourly[currency], currency),
          })}
        </Alert>
        {!mayDestroy ? (
          <Text variant="muted">{whyNot('resources.manage')}</Text>
        ) : !snapshot.hasTag('confirming') ? (
          <p role="status" className={hstack({ gap: '2' })}>
            <Spinner size="sm" /> {t('computes.destroy.destroying', { hostname: compute.hostname })}
          </p>
        ) : (
          <form
            noValidate
            className={grid({ gap: '3' })}
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'destroy.confirm' });
            }}
          >
            <TextField
              label={t('computes.confirmHostname', { hostname: compute.hostname })}
              name="confirmHostname"
              mono
              autoComplete="off"
              value={typed}
              onChange={(event) => actor.send({ type: 'confirmation.changed', value: event.target.value })}
              error={snapshot.context.message ?? undefined}
            />
            <div>
              <Button
                type="submit"
                variant="danger"
                disabled={!matchesHostname(typed, compute.hostname)}
                loading={snapshot.hasTag('busy')}
              >
                {t('computes.destroy.submit')}
              </Button>
            </div>
          </form>
        )}
      </div>
    </>
  );
}
