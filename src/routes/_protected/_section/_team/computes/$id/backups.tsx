import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { flex, grid, panel } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { withInspector } from '@/app-actors';
import type { Backup, BackupList, RestoreBackupResponse } from '@/contract/backups';
import type { Compute } from '@/contract/computes';
import type { Team } from '@/contract/teams';
import { backupRefusal, mayBackUp, mayRestoreOnto, restoreRefusal } from '@/domain/backups';
import { formatDateTime } from '@/domain/helpers/time';
import { formatMoney } from '@/domain/money';
import { computeBackupsMachine, type RestoreInput } from '@/machines/compute-backups';
import { SectionHeading } from '@/routes/-components/page';
import { useBackUpNow, useRestoreBackup, useSetBackupsEnabled } from '@/services/backups.mutations';
import { backupsQuery } from '@/services/backups.queries';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import * as Table from '@/ui/table';
import { Text, textRecipe } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { ManagersOnly } from '../-components/managers-only';
import { loadCompute, useCompute } from '../-components/use-compute';

// Backups: on or off with their price (shown before turning them on), the list with each backup's time and
// size, "Back up now", and restoring a backup onto this compute (stopped) or into a new compute. Backups
// begun, made or failed arrive live over the socket, on every open page.
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/backups')({
  loader: async (args) => {
    await loadCompute(args);
    await args.context.queryClient.ensureQueryData(backupsQuery(args.context.team.id, args.params.id));
  },
  component: ComputeBackupsPage,
});

function ComputeBackupsPage() {
  const { id } = Route.useParams();
  const { compute, team } = useCompute(id);
  const list = useSuspenseQuery(backupsQuery(team.id, id)).data;
  return (
    <ManagersOnly role={team.role} title="Backups" hostname={compute.hostname}>
      <Backups compute={compute} team={team} list={list} />
    </ManagersOnly>
  );
}

const statusTone = { creating: 'warning', available: 'success', failed: 'danger' } as const;
const statusWords = { creating: 'Being made', available: 'Available', failed: 'Failed' } as const;

function gigabytes(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

function Backups({ compute, team, list }: { compute: Compute; team: Team; list: BackupList }) {
  const setEnabled = useSetBackupsEnabled(team.id, compute.id);
  const backUpNow = useBackUpNow(team.id, compute.id);
  const restore = useRestoreBackup(team.id, compute.id);
  const actor = useActorRef(
    computeBackupsMachine.provide({
      actors: {
        setEnabled: fromPromise<unknown, boolean>(({ input }) => setEnabled.mutateAsync(input)),
        backUpNow: fromPromise<unknown>(() => backUpNow.mutateAsync()),
        restore: fromPromise<RestoreBackupResponse, RestoreInput>(({ input }) => restore.mutateAsync(input)),
      },
    }),
    withInspector({ input: { hostname: compute.hostname, newKey: () => crypto.randomUUID() } }),
  );
  const snapshot = useSelector(actor, (s) => s);
  const { message, restore: chosen, hostname, hostnameError, restored } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const { settings, backups } = list;
  const price = settings.price;
  const priceText = `${formatMoney(price.monthly[team.currency], team.currency)}/mo (${formatMoney(price.hourly[team.currency], team.currency)}/h)`;
  const restoringNow = settings.restoringBackupId !== null;

  return (
    <>
      <SectionHeading title="Backups" documentTitle={`Backups · ${compute.hostname}`} />
      <div className={grid({ gap: '4', maxWidth: '48rem' })}>
        <section aria-labelledby="backup-settings" className={panel({ padding: '5', gap: '3' })}>
          <Text as="h2" variant="sectionTitle" id="backup-settings">
            Daily backups{' '}
            {settings.enabled ? <Badge tone="success">On</Badge> : <Badge tone="neutral">Off</Badge>}
          </Text>
          <Text as="p" variant="muted">
            One backup a day of the whole disk, the newest {settings.retention} kept. They add{' '}
            {price.sharePercent} % to the plan’s price: {priceText}, while they are on.
            {settings.nextBackupAt ? ` Next backup: ${formatDateTime(settings.nextBackupAt)}.` : ''}
          </Text>
          {snapshot.matches('confirmingEnable') || snapshot.matches('enabling') ? (
            <Alert tone="info">
              <span role="status">
                Turn on daily backups for {priceText}? The first backup is made within a minute.
              </span>
              <div className={flex({ gap: '2', marginTop: '2', flexWrap: 'wrap' })}>
                <Button onClick={() => actor.send({ type: 'enable.confirm' })} loading={busy}>
                  Turn on for {formatMoney(price.monthly[team.currency], team.currency)}/mo
                </Button>
                <Button variant="ghost" onClick={() => actor.send({ type: 'enable.cancel' })} disabled={busy}>
                  Cancel
                </Button>
              </div>
            </Alert>
          ) : (
            <div className={flex({ gap: '2', flexWrap: 'wrap' })}>
              {settings.enabled ? (
                <Button
                  variant="outline"
                  onClick={() => actor.send({ type: 'backups.disable' })}
                  loading={snapshot.matches('disabling')}
                  disabled={busy}
                >
                  Turn off backups
                </Button>
              ) : (
                <Button onClick={() => actor.send({ type: 'backups.enable' })} disabled={busy}>
                  Turn on backups
                </Button>
              )}
              <Button
                variant="outline"
                onClick={() => actor.send({ type: 'backup.now' })}
                loading={snapshot.matches('backingUp')}
                disabled={busy || !mayBackUp(compute.status)}
              >
                Back up now
              </Button>
            </div>
          )}
          {!mayBackUp(compute.status) ? <Text variant="caption">{backupRefusal(compute.status)}</Text> : null}
        </section>

        {message ? (
          <Alert tone="error">
            <span role="alert">{message}</span>
          </Alert>
        ) : null}
        {restoringNow ? (
          <Alert tone="info">
            <span role="status">
              A backup is being restored onto {compute.hostname}; it stays stopped until it is done.
            </span>
          </Alert>
        ) : null}
        {restored ? (
          <RestoredNotice restored={restored} onDismiss={() => actor.send({ type: 'restore.dismiss' })} />
        ) : null}

        {chosen ? (
          <section aria-labelledby="restore-choice" className={panel({ padding: '5', gap: '3' })}>
            <Text as="h2" variant="sectionTitle" id="restore-choice">
              {chosen.target === 'this' ? `Restore onto ${compute.hostname}` : 'Restore into a new compute'}
            </Text>
            {chosen.target === 'this' ? (
              <p>
                {compute.hostname}’s disk is replaced by the backup of{' '}
                {formatDateTime(backups.find((backup) => backup.id === chosen.backupId)?.createdAt ?? '')}:
                what was written since is lost.{' '}
                {mayRestoreOnto(compute.status) ? '' : restoreRefusal(compute.status)}
              </p>
            ) : (
              <>
                <p>
                  A new compute of the same plan, location and operating system, signing in as{' '}
                  {compute.hostname} does, starts from this backup’s disk. It costs what a new compute of this
                  plan costs.
                </p>
                <TextField
                  label="Hostname of the new compute"
                  value={hostname}
                  maxLength={63}
                  onChange={(event) => actor.send({ type: 'hostname.change', hostname: event.target.value })}
                  error={hostnameError ?? undefined}
                />
              </>
            )}
            <div className={flex({ gap: '2', flexWrap: 'wrap' })}>
              <Button
                variant={chosen.target === 'this' ? 'danger' : 'solid'}
                onClick={() => actor.send({ type: 'restore.confirm' })}
                loading={snapshot.matches('restoring')}
              >
                {chosen.target === 'this' ? 'Replace the disk' : 'Create the compute'}
              </Button>
              <Button variant="ghost" onClick={() => actor.send({ type: 'restore.cancel' })} disabled={busy}>
                Cancel
              </Button>
            </div>
          </section>
        ) : null}

        {backups.length === 0 ? (
          <EmptyState title="No backups yet" description="Turn on daily backups, or back up now." />
        ) : (
          <BackupTable
            backups={backups}
            hostname={compute.hostname}
            disabled={busy || restoringNow}
            onRestore={(backupId, target) => actor.send({ type: 'restore.choose', backupId, target })}
          />
        )}
      </div>
    </>
  );
}

function RestoredNotice({ restored, onDismiss }: { restored: RestoreBackupResponse; onDismiss: () => void }) {
  return (
    <Alert tone="success">
      <span role="status">
        {restored.target === 'this' ? (
          'The restore has begun; the history says when it is done.'
        ) : (
          <>
            The new compute is being made from the backup.{' '}
            <Link
              to="/computes/$id"
              params={{ id: restored.computeId }}
              className={textRecipe({ variant: 'link' })}
            >
              Open it
            </Link>
            .
          </>
        )}
      </span>
      {restored.target === 'new' && restored.rootPassword ? (
        <Text as="p" variant="mono" data-testid="restored-root-password">
          Root password (shown once): {restored.rootPassword}
        </Text>
      ) : null}
      <div>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </Alert>
  );
}

function BackupTable({
  backups,
  hostname,
  disabled,
  onRestore,
}: {
  backups: Backup[];
  hostname: string;
  disabled: boolean;
  onRestore: (backupId: string, target: 'this' | 'new') => void;
}) {
  return (
    <Table.Root caption={`Backups of ${hostname}`} hideCaption>
      <Table.Head>
        <Table.Row>
          <Table.Header>Made</Table.Header>
          <Table.Header>Size</Table.Header>
          <Table.Header>Status</Table.Header>
          <Table.Header>Restore</Table.Header>
        </Table.Row>
      </Table.Head>
      <Table.Body>
        {backups.map((backup) => (
          <Table.Row key={backup.id} data-testid="backup-row">
            <Table.Cell>
              <time dateTime={backup.createdAt}>{formatDateTime(backup.createdAt)}</time>
              <Table.Detail>{backup.kind === 'manual' ? 'On demand' : 'Daily'}</Table.Detail>
            </Table.Cell>
            <Table.Cell>{backup.sizeBytes !== null ? gigabytes(backup.sizeBytes) : '—'}</Table.Cell>
            <Table.Cell>
              <Badge tone={statusTone[backup.status]}>{statusWords[backup.status]}</Badge>
              {backup.message ? <Table.Detail>{backup.message}</Table.Detail> : null}
            </Table.Cell>
            <Table.Cell>
              {backup.status === 'available' ? (
                <div className={flex({ gap: '2', flexWrap: 'wrap' })}>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={disabled}
                    onClick={() => onRestore(backup.id, 'this')}
                  >
                    Onto this compute
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={disabled}
                    onClick={() => onRestore(backup.id, 'new')}
                  >
                    Into a new compute
                  </Button>
                </div>
              ) : (
                '—'
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
