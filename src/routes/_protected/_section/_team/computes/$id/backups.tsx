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
import { type MessageId, tRich, useT } from '@/i18n';
import { numberLocale } from '@/i18n/locales';
import { currentLocale } from '@/i18n/state';
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
  const t = useT();
  return (
    <ManagersOnly role={team.role} title={t('computes.tab.backups')} hostname={compute.hostname}>
      <Backups compute={compute} team={team} list={list} />
    </ManagersOnly>
  );
}

const statusTone = { creating: 'warning', available: 'success', failed: 'danger' } as const;
const statusWords: Record<Backup['status'], MessageId> = {
  creating: 'computes.backups.status.creating',
  available: 'computes.backups.status.available',
  failed: 'computes.backups.status.failed',
};

function gigabytes(bytes: number): string {
  const amount = new Intl.NumberFormat(numberLocale(currentLocale()), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(bytes / 1024 ** 3);
  return `${amount} GB`;
}

function Backups({ compute, team, list }: { compute: Compute; team: Team; list: BackupList }) {
  const t = useT();
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
  const priceText = t('computes.backups.price', {
    monthly: formatMoney(price.monthly[team.currency], team.currency),
    hourly: formatMoney(price.hourly[team.currency], team.currency),
  });
  const restoringNow = settings.restoringBackupId !== null;

  return (
    <>
      <SectionHeading
        title={t('computes.tab.backups')}
        documentTitle={t('computes.page.documentTitle', {
          page: t('computes.tab.backups'),
          hostname: compute.hostname,
        })}
      />
      <div className={grid({ gap: '4', maxWidth: '48rem' })}>
        <section aria-labelledby="backup-settings" className={panel({ padding: '5', gap: '3' })}>
          <Text as="h2" variant="sectionTitle" id="backup-settings">
            {t('computes.backups.daily')}{' '}
            {settings.enabled ? (
              <Badge tone="success">{t('computes.backups.on')}</Badge>
            ) : (
              <Badge tone="neutral">{t('computes.backups.off')}</Badge>
            )}
          </Text>
          <Text as="p" variant="muted">
            {t('computes.backups.lead', {
              retention: settings.retention,
              share: price.sharePercent,
              price: priceText,
            })}
            {settings.nextBackupAt
              ? ` ${t('computes.backups.next', { date: formatDateTime(settings.nextBackupAt) })}`
              : ''}
          </Text>
          {snapshot.matches('confirmingEnable') || snapshot.matches('enabling') ? (
            <Alert tone="info">
              <span role="status">{t('computes.backups.confirmOn', { price: priceText })}</span>
              <div className={flex({ gap: '2', marginTop: '2', flexWrap: 'wrap' })}>
                <Button onClick={() => actor.send({ type: 'enable.confirm' })} loading={busy}>
                  {t('computes.backups.turnOnFor', {
                    price: formatMoney(price.monthly[team.currency], team.currency),
                  })}
                </Button>
                <Button variant="ghost" onClick={() => actor.send({ type: 'enable.cancel' })} disabled={busy}>
                  {t('computes.cancel')}
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
                  {t('computes.backups.turnOff')}
                </Button>
              ) : (
                <Button onClick={() => actor.send({ type: 'backups.enable' })} disabled={busy}>
                  {t('computes.backups.turnOn')}
                </Button>
              )}
              <Button
                variant="outline"
                onClick={() => actor.send({ type: 'backup.now' })}
                loading={snapshot.matches('backingUp')}
                disabled={busy || !mayBackUp(compute.status)}
              >
                {t('computes.backups.now')}
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
            <span role="status">{t('computes.backups.restoring', { hostname: compute.hostname })}</span>
          </Alert>
        ) : null}
        {restored ? (
          <RestoredNotice restored={restored} onDismiss={() => actor.send({ type: 'restore.dismiss' })} />
        ) : null}

        {chosen ? (
          <section aria-labelledby="restore-choice" className={panel({ padding: '5', gap: '3' })}>
            <Text as="h2" variant="sectionTitle" id="restore-choice">
              {chosen.target === 'this'
                ? t('computes.backups.restoreOnto', { hostname: compute.hostname })
                : t('computes.backups.restoreInto')}
            </Text>
            {chosen.target === 'this' ? (
              <p>
                {t('computes.backups.replaces', {
                  hostname: compute.hostname,
                  date: formatDateTime(
                    backups.find((backup) => backup.id === chosen.backupId)?.createdAt ?? '',
                  ),
                })}{' '}
                {mayRestoreOnto(compute.status) ? '' : restoreRefusal(compute.status)}
              </p>
            ) : (
              <>
                <p>{t('computes.backups.newCompute', { hostname: compute.hostname })}</p>
                <TextField
                  label={t('computes.backups.newHostname')}
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
                {chosen.target === 'this' ? t('computes.backups.replace') : t('computes.backups.create')}
              </Button>
              <Button variant="ghost" onClick={() => actor.send({ type: 'restore.cancel' })} disabled={busy}>
                {t('computes.cancel')}
              </Button>
            </div>
          </section>
        ) : null}

        {backups.length === 0 ? (
          <EmptyState title={t('computes.backups.empty')} description={t('computes.backups.emptyText')} />
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
  const t = useT();
  return (
    <Alert tone="success">
      <span role="status">
        {restored.target === 'this'
          ? t('computes.backups.restoreBegun')
          : tRich('computes.backups.newBeingMade', {
              link: (
                <Link
                  to="/computes/$id"
                  params={{ id: restored.computeId }}
                  className={textRecipe({ variant: 'link' })}
                >
                  {t('computes.backups.openIt')}
                </Link>
              ),
            })}
      </span>
      {restored.target === 'new' && restored.rootPassword ? (
        <Text as="p" variant="mono" data-testid="restored-root-password">
          {t('computes.backups.rootPassword', { password: restored.rootPassword })}
        </Text>
      ) : null}
      <div>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {t('computes.backups.dismiss')}
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
  const t = useT();
  return (
    <Table.Root caption={t('computes.backups.caption', { hostname })} hideCaption>
      <Table.Head>
        <Table.Row>
          <Table.Header>{t('computes.backups.made')}</Table.Header>
          <Table.Header>{t('computes.table.size')}</Table.Header>
          <Table.Header>{t('computes.table.status')}</Table.Header>
          <Table.Header>{t('computes.backups.restore')}</Table.Header>
        </Table.Row>
      </Table.Head>
      <Table.Body>
        {backups.map((backup) => (
          <Table.Row key={backup.id} data-testid="backup-row">
            <Table.Cell>
              <time dateTime={backup.createdAt}>{formatDateTime(backup.createdAt)}</time>
              <Table.Detail>
                {backup.kind === 'manual' ? t('computes.backups.onDemand') : t('computes.backups.scheduled')}
              </Table.Detail>
            </Table.Cell>
            <Table.Cell>{backup.sizeBytes !== null ? gigabytes(backup.sizeBytes) : '—'}</Table.Cell>
            <Table.Cell>
              <Badge tone={statusTone[backup.status]}>{t(statusWords[backup.status])}</Badge>
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
                    {t('computes.backups.ontoThis')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={disabled}
                    onClick={() => onRestore(backup.id, 'new')}
                  >
                    {t('computes.backups.intoNew')}
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
