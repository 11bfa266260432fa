// Attaching a volume: a compute of its location picked, confirmed, sent (the volume-attach machine). The
// server's reason shows beside the picker with the choice kept.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { grid, wrap } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { computeTakesVolumes, type Volume } from '@/contract/volumes';
import { useT } from '@/i18n';
import { volumeAttachMachine } from '@/machines/volume-attach';
import { statusLabel } from '@/routes/_protected/_section/_team/computes/-components/status-badge';
import { computesQuery } from '@/services/computes.queries';
import { attachVolume } from '@/services/volumes.api';
import { refreshVolumes } from '@/services/volumes.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Select } from '@/ui/select';
import { Text } from '@/ui/text';

export function AttachVolumeForm(props: {
  teamId: string;
  volume: Volume;
  onAttached: (volume: Volume) => void;
}) {
  const { teamId, volume, onAttached } = props;
  const t = useT();
  const queryClient = useQueryClient();
  const computes = useInfiniteQuery(
    computesQuery(teamId, { location: volume.locationId, sort: 'hostname_asc' }),
  );
  const choices = (computes.data?.pages ?? [])
    .flatMap((page) => page.computes)
    .filter((compute) => compute.status !== 'destroyed' && compute.status !== 'destroying');
  const actor = useActorRef(
    volumeAttachMachine.provide({
      actors: {
        attach: fromPromise(async ({ input }: { input: { computeId: string } }) => {
          const answer = await attachVolume(teamId, volume.id, input.computeId);
          // Said as soon as the server answers, not when this machine finishes: the attached volume's page
          // has no attach form, so the volume read again (here, or first on the socket's news) removes
          // this one, and its machine with it, often before it could finish.
          onAttached(answer.volume);
          await refreshVolumes(queryClient, teamId);
          return answer.volume;
        }),
      },
    }),
  );
  const snapshot = useSelector(actor, (state) => state);
  const { context } = snapshot;
  const confirming = snapshot.hasTag('confirming');
  const chosen = choices.find((compute) => compute.id === context.computeId);
  return (
    <form
      noValidate
      className={grid({ gap: '3', maxWidth: '32rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: confirming ? 'attach.confirm' : 'attach.start' });
      }}
    >
      <Select
        label={t('volumes.attach.compute')}
        placeholder={choices.length === 0 ? t('volumes.attach.noCompute') : t('volumes.attach.choose')}
        items={choices.map((compute) => ({
          label: t('volumes.attach.choice', {
            hostname: compute.hostname,
            status: statusLabel(compute.status).toLocaleLowerCase(),
          }),
          value: compute.id,
          disabled: !computeTakesVolumes(compute.status),
        }))}
        value={context.computeId || null}
        disabled={confirming}
        onValueChange={(value) => actor.send({ type: 'compute.choose', computeId: value ?? '' })}
        error={context.fieldError}
        help={t('volumes.attach.help')}
      />
      {confirming ? (
        <Alert tone="info">
          {chosen
            ? t('volumes.attach.confirm', { name: volume.name, hostname: chosen.hostname })
            : t('volumes.attach.confirmThis', { name: volume.name })}{' '}
          {chosen?.status === 'running' ? t('volumes.attach.running') : t('volumes.attach.stopped')}
        </Alert>
      ) : (
        <Text variant="muted">{t('volumes.attach.lead')}</Text>
      )}
      {context.message ? <Alert tone="error">{context.message}</Alert> : null}
      <div className={wrap({ gap: '2' })}>
        {confirming ? (
          <Button
            type="button"
            variant="outline"
            disabled={snapshot.hasTag('busy')}
            onClick={() => actor.send({ type: 'attach.cancel' })}
          >
            {t('volumes.form.back')}
          </Button>
        ) : null}
        <Button type="submit" variant="solid" loading={snapshot.hasTag('busy')}>
          {confirming ? t('volumes.attach.submitConfirm') : t('volumes.attach.submit')}
        </Button>
      </div>
    </form>
  );
}
