import { createFileRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import { flex, grid, hstack, panel } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { withInspector } from '@/app-actors';
import type { Compute } from '@/contract/computes';
import { mayRescue, rescueRefusal } from '@/domain/compute-lifecycle';
import { tRich, useT } from '@/i18n';
import { computeRescueMachine, type RescueAnswer } from '@/machines/compute-rescue';
import { SectionHeading } from '@/routes/-components/page';
import { useEnterRescue, useLeaveRescue } from '@/services/computes.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { CopyButton } from '@/ui/copy-button';
import { Spinner } from '@/ui/spinner';
import { Text } from '@/ui/text';
import { ManagersOnly } from '../-components/managers-only';
import { ComputeStatusBadge } from '../-components/status-badge';
import { loadCompute, useCompute } from '../-components/use-compute';

// Rescue: boot the compute into a small rescue system with its own disk attached as the second disk, sign
// in by SSH with its keys or a one-time password shown here once, repair, then leave rescue to boot it
// normally. Progress is followed live (the compute's status over the socket), on every open page.
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/rescue')({
  loader: loadCompute,
  component: ComputeRescuePage,
});

function ComputeRescuePage() {
  const { id } = Route.useParams();
  const { compute, team } = useCompute(id);
  const t = useT();
  return (
    <ManagersOnly role={team.role} title={t('computes.tab.rescue')} hostname={compute.hostname}>
      <RescueMode compute={compute} />
    </ManagersOnly>
  );
}

/** How to reach the compute by SSH: at its address, on its forwarded port when it has one. */
function sshCommand(compute: Compute): string {
  const address = compute.ipv4 ?? compute.ipv6 ?? compute.hostname;
  return `ssh ${compute.sshPort ? `-p ${compute.sshPort} ` : ''}root@${address}`;
}

function RescueMode({ compute }: { compute: Compute }) {
  const t = useT();
  const enter = useEnterRescue(compute);
  const leave = useLeaveRescue(compute);
  const actor = useActorRef(
    computeRescueMachine.provide({
      actors: {
        enterRescue: fromPromise<RescueAnswer>(() => enter.mutateAsync()),
        leaveRescue: fromPromise<Compute>(() => leave.mutateAsync()),
      },
    }),
    withInspector({ input: { status: compute.status, updatedAt: compute.updatedAt } }),
  );
  const snapshot = useSelector(actor, (s) => s);
  // The compute's status, as the socket keeps it: the machine follows the rescue with it.
  useEffect(() => {
    actor.send({ type: 'compute.changed', status: compute.status, updatedAt: compute.updatedAt });
  }, [actor, compute.status, compute.updatedAt]);

  const { message, rootPassword } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const ssh = sshCommand(compute);
  const withKeys = compute.authentication === 'ssh-key';

  const passwordPanel = rootPassword ? (
    <section aria-labelledby="rescue-password" className={panel({ padding: '5', gap: '3' })}>
      <Text as="h2" variant="sectionTitle" id="rescue-password">
        {t('computes.rescue.savePassword')}
      </Text>
      <p>{withKeys ? t('computes.rescue.passwordLeadKeys') : t('computes.rescue.passwordLead')}</p>
      <Text as="p" variant="mono" data-testid="rescue-password">
        {rootPassword}
      </Text>
      <div className={flex({ gap: '2' })}>
        <CopyButton value={rootPassword} label={t('computes.copyPassword')} />
      </div>
    </section>
  ) : null;

  const enterButton = (label: string) => (
    <div>
      <Button onClick={() => actor.send({ type: 'rescue.enter' })} loading={busy}>
        {label}
      </Button>
    </div>
  );

  let body: ReactNode;
  if (snapshot.matches('entering') || snapshot.matches('booting')) {
    body = (
      <p role="status" className={hstack({ gap: '2', flexWrap: 'wrap' })}>
        <Spinner size="sm" /> {t('computes.rescue.booting', { hostname: compute.hostname })}{' '}
        <ComputeStatusBadge status={compute.status} />
      </p>
    );
  } else if (snapshot.matches('inRescue') || snapshot.matches('leaving')) {
    body = (
      <>
        <Alert tone="info">
          <span role="status">
            {tRich('computes.rescue.inRescue', {
              hostname: compute.hostname,
              disk: <code>/dev/vdb</code>,
              fsck: <code>e2fsck</code>,
              mount: <code>mount /dev/vdb1 /mnt</code>,
              whole: <code>/dev/vdb</code>,
            })}
          </span>
        </Alert>
        <div className={grid({ gap: '1' })}>
          <Text variant="smallTitle">{t('computes.rescue.signInAsRoot')}</Text>
          <Text as="p" variant="mono" data-testid="rescue-ssh">
            {ssh}
          </Text>
          <Text variant="caption">
            {withKeys ? t('computes.rescue.signInHowKeys') : t('computes.rescue.signInHow')}
          </Text>
        </div>
        <div>
          <Button
            variant="outline"
            onClick={() => actor.send({ type: 'rescue.leave' })}
            loading={snapshot.matches('leaving')}
          >
            {t('computes.rescue.leave')}
          </Button>
        </div>
      </>
    );
  } else if (snapshot.matches('returning')) {
    body = (
      <p role="status" className={hstack({ gap: '2', flexWrap: 'wrap' })}>
        <Spinner size="sm" /> {t('computes.rescue.returning', { hostname: compute.hostname })}{' '}
        <ComputeStatusBadge status={compute.status} />
      </p>
    );
  } else {
    const refusal = rescueRefusal(compute.status);
    body = (
      <>
        {snapshot.matches('left') ? (
          <Alert tone="success">
            <span role="status">{t('computes.rescue.left', { hostname: compute.hostname })}</span>
          </Alert>
        ) : null}
        <p>{t('computes.rescue.lead', { hostname: compute.hostname })}</p>
        {mayRescue(compute.status) ? (
          enterButton(snapshot.matches('left') ? t('computes.rescue.enterAgain') : t('computes.rescue.enter'))
        ) : (
          <Text variant="muted">{refusal}</Text>
        )}
      </>
    );
  }

  return (
    <>
      <SectionHeading
        title={t('computes.tab.rescue')}
        documentTitle={t('computes.page.documentTitle', {
          page: t('computes.tab.rescue'),
          hostname: compute.hostname,
        })}
      />
      <div className={grid({ gap: '4', maxWidth: '40rem' })}>
        {body}
        {message ? <Alert tone="error">{message}</Alert> : null}
        {passwordPanel}
      </div>
    </>
  );
}
