import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { flex, grid, panel, wrap } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { showToast, withInspector } from '@/app-actors';
import { can, whyNot } from '@/domain/permissions';
import { useT } from '@/i18n';
import { type CreatedCompute, computeCreateMachine } from '@/machines/compute-create';
import { balanceQuery } from '@/services/billing.queries';
import type { CreateComputeInput } from '@/services/computes.api';
import { useCreateCompute } from '@/services/computes.mutations';
import { instanceTypesQuery, locationsQuery, operatingSystemsQuery } from '@/services/computes.queries';
import { imagesQuery } from '@/services/images.queries';
import { teamSshKeysQuery } from '@/services/ssh-keys.queries';
import { limitsQuery } from '@/services/teams.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { CopyButton } from '@/ui/copy-button';
import { EmptyState } from '@/ui/empty-state';
import { Text } from '@/ui/text';
import { PageHeader } from '../../-components/page';
import { announceWhenRunning } from '../_section/_team/computes/-components/running-notice';
import { CreateComputeForm } from '../-components/compute/create-compute-form';
import { PrepaidNotice } from '../-components/compute/prepaid-notice';
import { FocusedLayout } from '../-components/focused-layout';
import { SimulatorNotice } from '../-components/simulator-notice';
import { useTeam } from '../-components/use-current-team';

// /new-compute: one page to choose where, what and how big, driven by the compute-create machine.
export const Route = createFileRoute('/_protected/_team/new-compute')({
  loader: ({ context: { queryClient, team } }) =>
    Promise.all([
      queryClient.ensureQueryData(locationsQuery()),
      queryClient.ensureQueryData(operatingSystemsQuery()),
      queryClient.ensureQueryData(instanceTypesQuery()),
      queryClient.ensureQueryData(limitsQuery(team.id)),
      queryClient.ensureQueryData(teamSshKeysQuery(team.id)),
      queryClient.ensureQueryData(imagesQuery(team.id)),
      can(team.role, 'billing.read') && queryClient.ensureQueryData(balanceQuery(team.id)),
    ]),
  component: NewComputePage,
});

function NewComputePage() {
  const t = useT();
  const team = useTeam();
  const router = useRouter();
  const create = useCreateCompute(team.id);
  const locations = useSuspenseQuery(locationsQuery()).data.locations;
  const operatingSystems = useSuspenseQuery(operatingSystemsQuery()).data.operatingSystems;
  const instanceTypes = useSuspenseQuery(instanceTypesQuery()).data.instanceTypes;
  const limits = useSuspenseQuery(limitsQuery(team.id)).data;
  const savedKeys = useSuspenseQuery(teamSshKeysQuery(team.id)).data.keys;
  const teamImages = useSuspenseQuery(imagesQuery(team.id)).data.images.filter(
    (image) => image.status === 'available',
  );
  // Live: a top-up made elsewhere (another tab, the checkout) opens the plans without a reload.
  const seesBalance = can(team.role, 'billing.read');
  const balance = useQuery({ ...balanceQuery(team.id), enabled: seesBalance }).data;
  const balanceMinor = seesBalance ? (balance?.balanceMinor ?? null) : null;
  const actor = useActorRef(
    computeCreateMachine.provide({
      actors: {
        create: fromPromise<CreatedCompute, { input: CreateComputeInput; idempotencyKey: string }>(
          ({ input }) => create.mutateAsync(input),
        ),
      },
      actions: {
        openCompute: (_, { compute }) => {
          announceWhenRunning(compute.id);
          showToast(router.options.context.actors, {
            tone: 'success',
            title: t('computes.create.beingCreated', { hostname: compute.hostname }),
            description: t('computes.create.beingCreatedText'),
          });
          void router.navigate({ to: '/computes/$id', params: { id: compute.id } });
        },
      },
    }),
    withInspector({ input: {} }),
  );
  const snapshot = useSelector(actor, (s) => s);

  return (
    <FocusedLayout>
      <PageHeader title={t('computes.create.title')} description={t('computes.create.lead')} />
      <div className={grid({ gap: '5' })}>
        <SimulatorNotice />
        {!can(team.role, 'resources.manage') ? (
          <EmptyState title={t('computes.create.notAllowed')} description={whyNot('resources.manage')} />
        ) : snapshot.matches('showingPassword') && snapshot.context.created ? (
          <section aria-labelledby="root-password" className={panel({ padding: '5', maxWidth: '36rem' })}>
            <Text as="h2" variant="sectionTitle" id="root-password">
              {t('computes.create.savePassword')}
            </Text>
            <p>
              {t('computes.create.passwordOnce', { hostname: snapshot.context.created.compute.hostname })}
            </p>
            <code
              className={css({
                fontSize: 'md',
                padding: '3',
                bg: 'bg.subtle',
                borderRadius: 'md',
                wordBreak: 'break-all',
              })}
            >
              {snapshot.context.created.rootPassword}
            </code>
            <div className={flex({ gap: '2' })}>
              <CopyButton
                value={snapshot.context.created.rootPassword ?? ''}
                label={t('computes.copyPassword')}
              />
              <Button variant="solid" onClick={() => actor.send({ type: 'password.acknowledged' })}>
                {t('computes.create.saved')}
              </Button>
            </div>
          </section>
        ) : (
          <>
            {snapshot.matches('uncertain') ? (
              <div className={wrap({ gap: '3', align: 'center' })}>
                <Alert tone="error">{snapshot.context.message}</Alert>
                <Button variant="solid" onClick={() => actor.send({ type: 'request.retry' })}>
                  {t('computes.create.retry')}
                </Button>
              </div>
            ) : null}
            <PrepaidNotice
              balanceMinor={balanceMinor}
              currency={team.currency}
              instanceTypes={instanceTypes}
              canAddMoney={can(team.role, 'billing.manage')}
            />
            <CreateComputeForm
              teamImages={teamImages}
              savedKeys={savedKeys}
              team={team}
              limits={limits}
              balanceMinor={balanceMinor}
              locations={locations}
              operatingSystems={operatingSystems}
              instanceTypes={instanceTypes}
              submitting={snapshot.hasTag('busy')}
              serverErrors={snapshot.context.fieldErrors}
              message={snapshot.hasTag('editing') ? snapshot.context.message : null}
              onSubmit={(input) => actor.send({ type: 'form.submit', input })}
            />
          </>
        )}
      </div>
    </FocusedLayout>
  );
}
