import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { css } from '../../../../../../styled-system/css';
import { showToast, withInspector } from '../../../../../app-actors';
import type { Compute } from '../../../../../contract/computes';
import { formatMoney } from '../../../../../domain/money';
import { can, whyNot } from '../../../../../domain/permissions';
import { computeDestroyMachine, matchesHostname } from '../../../../../machines/compute-destroy';
import { destroyCompute } from '../../../../../services/computes.api';
import { computeQuery } from '../../../../../services/computes.queries';
import { ApiError } from '../../../../../services/http';
import { Alert } from '../../../../../ui/alert';
import { Button } from '../../../../../ui/button';
import { Spinner } from '../../../../../ui/spinner';
import { TextField } from '../../../../../ui/text-field';
import { SectionHeading } from '../../../../-components/page';
import { useCompute } from '../-components/use-compute';

// Destroy: says what is lost, asks for the hostname, then waits until the compute is gone.
export const Route = createFileRoute('/_protected/_section/computes/$id/destroy')({
  component: ComputeDestroyPage,
});

function ComputeDestroyPage() {
  const { id } = Route.useParams();
  const { data: compute, team } = useCompute(id);
  if (!compute || !team) return null;
  return (
    <DestroyForm
      compute={compute}
      teamId={team.id}
      mayDestroy={can(team.role, 'resources.manage')}
      currency={team.currency}
    />
  );
}

function DestroyForm({
  compute,
  teamId,
  mayDestroy,
  currency,
}: {
  compute: Compute;
  teamId: string;
  mayDestroy: boolean;
  currency: 'RWF' | 'USD';
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const actor = useActorRef(
    computeDestroyMachine.provide({
      actors: {
        destroy: fromPromise<Compute, { confirmHostname: string }>(({ input }) =>
          destroyCompute(teamId, compute.id, input.confirmHostname),
        ),
      },
      actions: {
        leave: () => {
          queryClient.removeQueries({ queryKey: ['compute', teamId, compute.id] });
          void queryClient.invalidateQueries({ queryKey: ['computes', teamId] });
          showToast(router.options.context.actors, {
            tone: 'success',
            title: `${compute.hostname} was destroyed.`,
          });
          void router.navigate({ to: '/computes' });
        },
      },
    }),
    withInspector({ input: { hostname: compute.hostname } }),
  );
  const snapshot = useSelector(actor, (s) => s);
  const waiting = snapshot.matches('waiting');
  // While it is being destroyed, ask now and then whether it is gone (the socket usually says first).
  const watch = useQuery({
    ...computeQuery(teamId, compute.id),
    enabled: waiting,
    refetchInterval: 2000,
    retry: false,
  });
  useEffect(() => {
    const gone =
      (watch.error instanceof ApiError && watch.error.status === 404) || watch.data?.status === 'destroyed';
    if (waiting && gone) actor.send({ type: 'compute.gone' });
  }, [waiting, watch.error, watch.data, actor]);
  useEffect(() => {
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === 'removed' &&
        event.query.queryKey.join('/') === ['compute', teamId, compute.id].join('/')
      ) {
        actor.send({ type: 'compute.gone' });
      }
    });
    return unsubscribe;
  }, [queryClient, teamId, compute.id, actor]);

  const typed = snapshot.context.typed;
  return (
    <>
      <SectionHeading title="Destroy" documentTitle={`Destroy · ${compute.hostname}`} />
      <div className={css({ display: 'grid', gap: '4', maxWidth: '36rem' })}>
        <Alert tone="error">
          Destroying {compute.hostname} deletes its disk and everything on it, and gives up its addresses (
          {[compute.ipv4, compute.ipv6].filter(Boolean).join(', ') || 'none yet'}). It cannot be undone. It
          stops costing {formatMoney(compute.instanceType.hourly[currency], currency)} an hour.
        </Alert>
        {!mayDestroy ? (
          <p className={css({ color: 'fg.muted' })}>{whyNot('resources.manage')}</p>
        ) : waiting || snapshot.matches('destroyed') ? (
          <p role="status" className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
            <Spinner size="sm" /> Destroying {compute.hostname}…
          </p>
        ) : (
          <form
            noValidate
            className={css({ display: 'grid', gap: '3' })}
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'destroy.confirm' });
            }}
          >
            <TextField
              label={`Type ${compute.hostname} to confirm`}
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
                loading={snapshot.matches('destroying')}
              >
                Destroy this compute
              </Button>
            </div>
          </form>
        )}
      </div>
    </>
  );
}
