import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { flex, grid, hstack, panel } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { withInspector } from '@/app-actors';
import type { RebuildComputeInput } from '@/contract/compute-requests';
import type { Compute } from '@/contract/computes';
import { useT } from '@/i18n';
import { computeRebuildMachine, confirmsHostname, type RebuildAnswer } from '@/machines/compute-rebuild';
import { SectionHeading } from '@/routes/-components/page';
import { useRebuildCompute } from '@/services/computes.mutations';
import { computeUserDataQuery, operatingSystemsQuery } from '@/services/computes.queries';
import { teamSshKeysQuery } from '@/services/ssh-keys.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ChoiceCards } from '@/ui/choice-cards';
import { CopyButton } from '@/ui/copy-button';
import { Spinner } from '@/ui/spinner';
import { Text } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import {
  authenticationOf,
  type RootSignIn,
  RootSignInFields,
} from '../../../../-components/compute/root-sign-in-fields';
import { UserDataField } from '../../../../-components/compute/user-data-field';
import { ManagersOnly } from '../-components/managers-only';
import { ComputeStatusBadge } from '../-components/status-badge';
import { loadCompute, useCompute } from '../-components/use-compute';

// Rebuild: reinstall the compute from an image (the same or another) with new keys or a new root password,
// keeping its id, hostname, addresses and plan; the hostname typed to confirm; the rebuild followed live.
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/rebuild')({
  loader: (args) =>
    Promise.all([
      loadCompute(args),
      args.context.queryClient.ensureQueryData(operatingSystemsQuery()),
      args.context.queryClient.ensureQueryData(teamSshKeysQuery(args.context.team.id)),
    ]),
  component: ComputeRebuildPage,
});

type UserDataChoice = 'keep' | 'replace' | 'remove';

function ComputeRebuildPage() {
  const { id } = Route.useParams();
  const { compute, team } = useCompute(id);
  const t = useT();
  return (
    <ManagersOnly role={team.role} title={t('computes.tab.rebuild')} hostname={compute.hostname}>
      <RebuildForm compute={compute} />
    </ManagersOnly>
  );
}

function RebuildForm({ compute }: { compute: Compute }) {
  const t = useT();
  const operatingSystems = useSuspenseQuery(operatingSystemsQuery()).data.operatingSystems;
  const savedKeys = useSuspenseQuery(teamSshKeysQuery(compute.teamId)).data.keys;
  const rebuild = useRebuildCompute(compute);
  const actor = useActorRef(
    computeRebuildMachine.provide({
      actors: {
        rebuild: fromPromise<RebuildAnswer, RebuildComputeInput>(({ input }) => rebuild.mutateAsync(input)),
      },
    }),
    withInspector({
      input: { hostname: compute.hostname, status: compute.status, updatedAt: compute.updatedAt },
    }),
  );
  const snapshot = useSelector(actor, (s) => s);
  // The compute's status, as the socket keeps it: the machine follows the rebuild with it.
  useEffect(() => {
    actor.send({ type: 'compute.changed', status: compute.status, updatedAt: compute.updatedAt });
  }, [actor, compute.status, compute.updatedAt]);

  const [osId, setOsId] = useState(compute.operatingSystem.id);
  const [signIn, setSignIn] = useState<RootSignIn>({ method: 'ssh-key', publicKey: '', keyIds: [] });
  const [typed, setTyped] = useState('');
  const [keyProblem, setKeyProblem] = useState<string | undefined>();
  // User-data on the new disk: the compute's kept, new, or none.
  const [userDataChoice, setUserDataChoice] = useState<UserDataChoice>('keep');
  // The compute's own user-data, offered to edit when replacing it; null until the person types.
  const current = useQuery({
    ...computeUserDataQuery(compute.teamId, compute.id),
    enabled: compute.userDataKind !== null,
  });
  const [typedUserData, setUserData] = useState<string | null>(null);
  const userData = typedUserData ?? current.data ?? '';
  const [userDataTyping, setUserDataTyping] = useState<string | undefined>();
  const { fieldErrors, message, rootPassword } = snapshot.context;
  const os = operatingSystems.find((candidate) => candidate.id === osId);
  const chosen = os ? `${os.name} ${os.version}` : t('computes.rebuild.theImage');
  const heading = (
    <SectionHeading
      title={t('computes.tab.rebuild')}
      documentTitle={t('computes.page.documentTitle', {
        page: t('computes.tab.rebuild'),
        hostname: compute.hostname,
      })}
    />
  );

  const passwordPanel = rootPassword ? (
    <section aria-labelledby="root-password" className={panel({ padding: '5', gap: '3' })}>
      <Text as="h2" variant="sectionTitle" id="root-password">
        {t('computes.rebuild.savePassword')}
      </Text>
      <p>{t('computes.rebuild.passwordOnce')}</p>
      <Text as="p" variant="mono" data-testid="root-password">
        {rootPassword}
      </Text>
      <div className={flex({ gap: '2' })}>
        <CopyButton value={rootPassword} label={t('computes.copyPassword')} />
      </div>
    </section>
  ) : null;

  if (snapshot.matches('rebuilding') || snapshot.matches('rebuilt') || snapshot.matches('failed')) {
    return (
      <>
        {heading}
        <div className={grid({ gap: '4', maxWidth: '36rem' })}>
          {snapshot.matches('rebuilding') ? (
            <p role="status" className={hstack({ gap: '2' })}>
              <Spinner size="sm" />{' '}
              {t('computes.rebuild.rebuilding', {
                hostname: compute.hostname,
                image: `${compute.operatingSystem.name} ${compute.operatingSystem.version}`,
              })}{' '}
              <ComputeStatusBadge status={compute.status} />
            </p>
          ) : snapshot.matches('rebuilt') ? (
            <Alert tone="success">
              <span role="status">
                {t('computes.rebuild.rebuilt', {
                  hostname: compute.hostname,
                  image: `${compute.operatingSystem.name} ${compute.operatingSystem.version}`,
                })}
              </span>
            </Alert>
          ) : (
            <Alert tone="error">{message}</Alert>
          )}
          {passwordPanel}
          {snapshot.matches('rebuilding') ? null : (
            <div>
              <Button variant="outline" onClick={() => actor.send({ type: 'form.reopen' })}>
                {t('computes.rebuild.again')}
              </Button>
            </div>
          )}
        </div>
      </>
    );
  }

  const submit = () => {
    actor.send({
      type: 'form.submit',
      input: {
        operatingSystemId: osId,
        authentication: authenticationOf(signIn),
        confirmHostname: typed,
        ...(userDataChoice === 'replace'
          ? { userData }
          : userDataChoice === 'remove'
            ? { userData: null }
            : {}),
      },
    });
  };
  const errors: Record<string, string | undefined> = {
    ...fieldErrors,
    publicKey: keyProblem ?? fieldErrors.publicKey,
    userData: userDataTyping ?? fieldErrors.userData,
  };
  return (
    <>
      {heading}
      <form
        noValidate
        className={grid({ gap: '5', maxWidth: '48rem' })}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Alert tone="info">
          {t('computes.rebuild.lead', {
            hostname: compute.hostname,
            addresses: [compute.ipv4, compute.ipv6].filter(Boolean).join(', '),
          })}
        </Alert>
        <ChoiceCards
          legend={t('computes.overview.image')}
          name="operatingSystemId"
          value={osId}
          onChange={setOsId}
          columns={3}
          error={errors.operatingSystemId}
          options={operatingSystems.map((o) => ({
            value: o.id,
            label: `${o.name} ${o.version}`,
            description: o.id === compute.operatingSystem.id ? t('computes.rebuild.itsImageNow') : undefined,
          }))}
        />
        <RootSignInFields
          value={signIn}
          onChange={setSignIn}
          savedKeys={savedKeys}
          errors={errors}
          onKeyChecked={setKeyProblem}
        />
        <ChoiceCards
          legend={t('computes.overview.userData')}
          name="userDataChoice"
          value={userDataChoice}
          onChange={(choice) => setUserDataChoice(choice as UserDataChoice)}
          columns={3}
          options={[
            {
              value: 'keep',
              label: compute.userDataKind
                ? t('computes.rebuild.keepUserData')
                : t('computes.rebuild.noUserData'),
              description: compute.userDataKind
                ? t('computes.rebuild.keepUserDataText')
                : t('computes.rebuild.noUserDataText'),
            },
            {
              value: 'replace',
              label: t('computes.rebuild.newUserData'),
              description: t('computes.rebuild.newUserDataText'),
            },
            ...(compute.userDataKind
              ? [
                  {
                    value: 'remove',
                    label: t('computes.rebuild.removeUserData'),
                    description: t('computes.rebuild.removeUserDataText'),
                  },
                ]
              : []),
          ]}
        />
        {userDataChoice === 'replace' ? (
          <UserDataField
            label={t('computes.overview.userData')}
            value={userData}
            onChange={(text, problem) => {
              setUserData(text);
              setUserDataTyping(problem);
            }}
            help={t('computes.rebuild.userDataHelp')}
            error={errors.userData}
          />
        ) : null}
        <TextField
          label={t('computes.confirmHostname', { hostname: compute.hostname })}
          name="confirmHostname"
          mono
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={errors.confirmHostname}
        />
        {message ? <Alert tone="error">{message}</Alert> : null}
        <div>
          <Button
            type="submit"
            variant="danger"
            disabled={!confirmsHostname(typed, compute.hostname)}
            loading={snapshot.hasTag('busy')}
          >
            {t('computes.rebuild.submit', { image: chosen })}
          </Button>
        </div>
      </form>
    </>
  );
}
