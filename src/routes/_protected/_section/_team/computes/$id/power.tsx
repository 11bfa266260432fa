import { createFileRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { grid, hstack } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { withInspector } from '@/app-actors';
import type { Compute, PowerAction } from '@/contract/computes';
import { availablePowerActions } from '@/domain/compute-lifecycle';
import { can, whyNot } from '@/domain/permissions';
import { type MessageId, tRich, useT } from '@/i18n';
import { computePowerMachine } from '@/machines/compute-power';
import { SectionHeading } from '@/routes/-components/page';
import { useRequestPowerAction } from '@/services/computes.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Text } from '@/ui/text';
import { loadCompute, useCompute } from '../-components/use-compute';

// Power: only the actions valid in the compute's current state; the forced power-off is confirmed.
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/power')({
  loader: loadCompute,
  component: ComputePowerPage,
});

const actions: Record<
  PowerAction,
  { label: MessageId; text: MessageId; variant: 'solid' | 'outline' | 'danger' }
> = {
  power_on: { label: 'computes.power.powerOn', text: 'computes.power.powerOnText', variant: 'solid' },
  shutdown: { label: 'computes.power.shutdown', text: 'computes.power.shutdownText', variant: 'outline' },
  reboot: { label: 'computes.power.reboot', text: 'computes.power.rebootText', variant: 'outline' },
  power_off: { label: 'computes.power.powerOff', text: 'computes.power.powerOffText', variant: 'danger' },
};

function ComputePowerPage() {
  const t = useT();
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
      <SectionHeading
        title={t('computes.tab.power')}
        documentTitle={t('computes.page.documentTitle', {
          page: t('computes.tab.power'),
          hostname: compute.hostname,
        })}
      />
      <div className={grid({ gap: '4', maxWidth: '40rem' })}>
        <p>
          {tRich('computes.power.now', {
            state: <strong>{t('computes.power.state', { status: compute.status })}</strong>,
          })}{' '}
          {compute.status === 'error'
            ? t('computes.power.inError')
            : offered.length > 0
              ? t('computes.power.stoppedKeeps')
              : t('computes.power.settling')}
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
                <Text variant="muted">{t(actions[action].text)}</Text>
                <Button
                  variant={actions[action].variant}
                  disabled={!mayManage || (busy && snapshot.context.action !== action)}
                  loading={busy && snapshot.context.action === action}
                  onClick={() => actor.send({ type: 'power.request', action })}
                >
                  {t(actions[action].label)}
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
        title={t('computes.power.confirmTitle', { hostname: compute.hostname })}
        description={t('computes.power.confirmText')}
        confirmLabel={t('computes.power.confirm')}
        cancelLabel={t('computes.cancel')}
        danger
        onConfirm={() => actor.send({ type: 'power.confirm' })}
      />
    </>
  );
}
