import { createFileRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { grid, hstack } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { withInspector } from '@/app-actors';
import type { Compute, PowerAction } from '@/contract/computes';
import { availablePowerActions } from '@/domain/compute-lifecycle';
import { can, whyNot } from '@/domain/permissions';
import { computePowerMachine } from '@/machines/compute-power';
import { SectionHeading } from '@/routes/-components/page';
import { useRequestPowerAction } from '@/services/computes.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Text } from '@/ui/text';
import { statusLabel } from '../-components/status-badge';
import { loadCompute, useCompute } from '../-components/use-compute';

// Power: only the actions valid in the compute's current state; the forced power-off is confirmed.
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/power')({
  loader: loadCompute,
  component: ComputePowerPage,
});

const actions: Record<PowerAction, { label: string; text: string; variant: 'solid' | 'outline' | 'danger' }> =
  {
    power_on: {
      label: 'Power on',
      text: 'Boots the compute. Its address and disk are as you left them.',
      variant: 'solid',
    },
    shutdown: {
      label: 'Shut down',
      text: 'Asks the operating system to stop cleanly, like pressing the power button once.',
      variant: 'outline',
    },
    reboot: { label: 'Reboot', text: 'Restarts the operating system cleanly.', variant: 'outline' },
    power_off: {
      label: 'Power off (forced)',
      text: 'Cuts the power at once, like pulling the plug: unsaved data may be lost. Use it when shutting down hangs.',
      variant: 'danger',
    },
  };

function ComputePowerPage() {
  const { id } = Route.useParams();
  const { compute, team } = useCompute(id);
  const power = useRequestPowerAction(team.id, id);
  const actor = useActorRef(
    computePowerMachine.provide({
      actors: {
        request: fromPromise<Compute, { action: PowerAction }>(({ input }) =>
          power.mutateAsync(input.action),
        ),
      },
    }),
    withInspector(),
  );
  const snapshot = useSelector(actor, (s) => s);
  // The compute's status arrives over the socket (or a refetch) and tells the machine where it is.
  useEffect(() => {
    actor.send({ type: 'compute.changed', status: compute.status });
  }, [actor, compute.status]);

  const mayManage = can(team.role, 'resources.manage');
  const offered = availablePowerActions(compute.status);
  // An action is on its way, or a forced power-off waits for its confirmation.
  const busy = snapshot.hasTag('busy') || snapshot.hasTag('confirming');
  const message = snapshot.context.message;

  return (
    <>
      <SectionHeading title="Power" documentTitle={`Power · ${compute.hostname}`} />
      <div className={grid({ gap: '4', maxWidth: '40rem' })}>
        <p>
          The compute is <strong>{statusLabel(compute.status).toLowerCase()}</strong>.
          {compute.status === 'error'
            ? ' Its last action failed (its history says why): power it on again, or destroy it.'
            : offered.length > 0
              ? ' A stopped compute keeps its address and disk, and costs the same as a running one.'
              : ' Actions come back once it has settled.'}
        </p>
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        {!mayManage ? <Text variant="muted">{whyNot('resources.manage')}</Text> : null}
        {offered.length === 0 ? null : (
          <ul className={grid({ gap: '3' })}>
            {offered.map((action) => (
              <li
                key={action}
                className={hstack({
                  gap: '4',
                  justify: 'space-between',
                  padding: '4',
                  borderWidth: '1px',
                  borderColor: 'border.default',
                  borderRadius: 'lg',
                  bg: 'bg.surface',
                })}
              >
                <Text variant="muted">{actions[action].text}</Text>
                <Button
                  variant={actions[action].variant}
                  disabled={!mayManage || (busy && snapshot.context.action !== action)}
                  loading={busy && snapshot.context.action === action}
                  onClick={() => actor.send({ type: 'power.request', action })}
                >
                  {actions[action].label}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={snapshot.hasTag('confirming')}
        onOpenChange={(open) => {
          if (!open && snapshot.hasTag('confirming')) actor.send({ type: 'power.cancel' });
        }}
        title={`Power off ${compute.hostname} now?`}
        description="This cuts the power without letting the operating system stop: files being written may be damaged. Try Shut down first if you can."
        confirmLabel="Power off"
        danger
        onConfirm={() => actor.send({ type: 'power.confirm' })}
      />
    </>
  );
}
