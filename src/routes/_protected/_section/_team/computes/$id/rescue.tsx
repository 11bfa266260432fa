import { createFileRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import { flex, grid, hstack, panel } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { withInspector } from '@/app-actors';
import type { Compute } from '@/contract/computes';
import { mayRescue, rescueRefusal } from '@/domain/compute-lifecycle';
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
  return (
    <ManagersOnly role={team.role} title="Rescue" hostname={compute.hostname}>
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
  const keys = compute.authentication === 'ssh-key' ? 'the compute’s SSH keys or ' : '';

  const passwordPanel = rootPassword ? (
    <section aria-labelledby="rescue-password" className={panel({ padding: '5', gap: '3' })}>
      <Text as="h2" variant="sectionTitle" id="rescue-password">
        Save the rescue password now
      </Text>
      <p>
        Root signs in to the rescue system with {keys}this one-time password. It is shown only here, now: we
        keep only a hash of it, and it stops working when the compute leaves rescue mode.
      </p>
      <Text as="p" variant="mono" data-testid="rescue-password">
        {rootPassword}
      </Text>
      <div className={flex({ gap: '2' })}>
        <CopyButton value={rootPassword} label="Copy the password" />
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
        <Spinner size="sm" /> Booting the rescue system of {compute.hostname}…{' '}
        <ComputeStatusBadge status={compute.status} />
      </p>
    );
  } else if (snapshot.matches('inRescue') || snapshot.matches('leaving')) {
    body = (
      <>
        <Alert tone="info">
          <span role="status">
            {compute.hostname} is in rescue mode. Its own disk is <code>/dev/vdb</code>, not mounted: check it
            with <code>e2fsck</code>, or mount it to repair files (<code>mount /dev/vdb1 /mnt</code>, or{' '}
            <code>/dev/vdb</code> when it has no partitions).
          </span>
        </Alert>
        <div className={grid({ gap: '1' })}>
          <Text variant="smallTitle">Sign in as root</Text>
          <Text as="p" variant="mono" data-testid="rescue-ssh">
            {ssh}
          </Text>
          <Text variant="caption">With {keys}the one-time password shown when rescue mode was entered.</Text>
        </div>
        <div>
          <Button
            variant="outline"
            onClick={() => actor.send({ type: 'rescue.leave' })}
            loading={snapshot.matches('leaving')}
          >
            Leave rescue mode
          </Button>
        </div>
      </>
    );
  } else if (snapshot.matches('returning')) {
    body = (
      <p role="status" className={hstack({ gap: '2', flexWrap: 'wrap' })}>
        <Spinner size="sm" /> Leaving rescue mode: {compute.hostname} boots from its own disk…{' '}
        <ComputeStatusBadge status={compute.status} />
      </p>
    );
  } else {
    const refusal = rescueRefusal(compute.status);
    body = (
      <>
        {snapshot.matches('left') ? (
          <Alert tone="success">
            <span role="status">{compute.hostname} left rescue mode and is running from its own disk.</span>
          </Alert>
        ) : null}
        <p>
          Rescue mode boots {compute.hostname} into a small rescue system (Debian’s busybox, an SSH server,
          e2fsprogs and fdisk) at its own addresses, its disk attached as the second disk and left untouched
          until you mount it: for a compute that no longer boots, a lost password or a file system to check. A
          running compute is stopped at once, like pulling the plug. Power actions, rebuild and resize wait
          until it leaves rescue mode.
        </p>
        {mayRescue(compute.status) ? (
          enterButton(snapshot.matches('left') ? 'Enter rescue mode again' : 'Enter rescue mode')
        ) : (
          <Text variant="muted">{refusal}</Text>
        )}
      </>
    );
  }

  return (
    <>
      <SectionHeading title="Rescue" documentTitle={`Rescue · ${compute.hostname}`} />
      <div className={grid({ gap: '4', maxWidth: '40rem' })}>
        {body}
        {message ? <Alert tone="error">{message}</Alert> : null}
        {passwordPanel}
      </div>
    </>
  );
}
