// Attaching a volume: a compute of its location picked, confirmed, sent (the volume-attach machine). The
// server's reason shows beside the picker with the choice kept.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { grid, wrap } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { computeTakesVolumes, type Volume } from '@/contract/volumes';
import { volumeAttachMachine } from '@/machines/volume-attach';
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
          await refreshVolumes(queryClient, teamId);
          return answer.volume;
        }),
      },
      actions: { finish: ({ event }) => onAttached((event as unknown as { output: Volume }).output) },
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
        label="Compute"
        placeholder={choices.length === 0 ? 'No compute in this location' : 'Choose a compute'}
        items={choices.map((compute) => ({
          label: `${compute.hostname} (${compute.status.replace('_', ' ')})`,
          value: compute.id,
          disabled: !computeTakesVolumes(compute.status),
        }))}
        value={context.computeId || null}
        disabled={confirming}
        onValueChange={(value) => actor.send({ type: 'compute.choose', computeId: value ?? '' })}
        error={context.fieldError}
        help="A running or stopped compute of the volume’s location."
      />
      {confirming ? (
        <Alert tone="info">
          Attach “{volume.name}” to {chosen?.hostname ?? 'this compute'}?{' '}
          {chosen?.status === 'running'
            ? 'The running guest sees a new disk at once (the next /dev/vdX); mount it there.'
            : 'It is there when the compute starts.'}
        </Alert>
      ) : (
        <Text variant="muted">Its data stays on it when detached, for this or another compute.</Text>
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
            Back
          </Button>
        ) : null}
        <Button type="submit" variant="solid" loading={snapshot.hasTag('busy')}>
          {confirming ? 'Attach the volume' : 'Attach'}
        </Button>
      </div>
    </form>
  );
}
