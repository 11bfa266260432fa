// Making a volume: name, size and location, then the monthly price to confirm before anything is made (the
// volume-create machine). A refusal shows beside its field with everything typed kept.
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { grid } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import type { Team } from '@/contract/teams';
import { MAX_VOLUME_GB, MIN_VOLUME_GB, type Volume } from '@/contract/volumes';
import { formatNumber } from '@/domain/helpers/numbers';
import { useT } from '@/i18n';
import { type VolumeCreateInput, volumeCreateMachine } from '@/machines/volume-create';
import { locationsQuery } from '@/services/computes.queries';
import { createVolume } from '@/services/volumes.api';
import { refreshVolumes } from '@/services/volumes.mutations';
import { storagePricesQuery } from '@/services/volumes.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import * as Dialog from '@/ui/dialog';
import { Select } from '@/ui/select';
import { Text } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { gbMonthPrice, monthlyPrice } from './volume-words';

export function CreateVolumeDialog(props: { team: Team; onClose: (made?: Volume) => void }) {
  const { team, onClose } = props;
  const t = useT();
  const queryClient = useQueryClient();
  const locations = useSuspenseQuery(locationsQuery()).data.locations;
  const price = useSuspenseQuery(storagePricesQuery()).data.storagePrices.find(
    (entry) => entry.kind === 'volume',
  );
  const open = locations.filter((location) => location.available);
  const actor = useActorRef(
    volumeCreateMachine.provide({
      actors: {
        create: fromPromise(async ({ input }: { input: VolumeCreateInput }) => {
          const { volume } = await createVolume(team.id, input);
          await refreshVolumes(queryClient, team.id);
          return volume;
        }),
      },
      actions: {
        finish: ({ event }) => onClose((event as unknown as { output: Volume }).output),
      },
    }),
    { input: { locationId: open[0]?.id ?? '' } },
  );
  const snapshot = useSelector(actor, (state) => state);
  const { context } = snapshot;
  const confirming = snapshot.hasTag('confirming');
  const busy = snapshot.hasTag('busy');
  const sizeGb = Number(context.sizeGb);
  const cost = Number.isInteger(sizeGb) && sizeGb > 0 ? monthlyPrice(price, sizeGb, team.currency) : null;
  const where = locations.find((location) => location.id === context.locationId)?.name ?? context.locationId;
  const summary = { name: context.name.trim(), size: sizeGb, location: where };
  return (
    <Dialog.Root open onOpenChange={(details) => (details.open || busy ? null : onClose())}>
      <Dialog.Content>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: confirming ? 'create.confirm' : 'create.start' });
          }}
        >
          <Dialog.Header>
            <Dialog.Title>{t('volumes.create')}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <div className={grid({ gap: '4' })}>
              <TextField
                label={t('volumes.form.name')}
                value={context.name}
                maxLength={64}
                disabled={confirming}
                onChange={(event) =>
                  actor.send({ type: 'field.changed', field: 'name', value: event.target.value })
                }
                error={context.errors.name}
              />
              <TextField
                label={t('volumes.form.size')}
                inputMode="numeric"
                value={context.sizeGb}
                disabled={confirming}
                onChange={(event) =>
                  actor.send({ type: 'field.changed', field: 'sizeGb', value: event.target.value })
                }
                error={context.errors.sizeGb}
                help={t('volumes.form.sizeHelp', { min: MIN_VOLUME_GB, max: formatNumber(MAX_VOLUME_GB) })}
              />
              <Select
                label={t('volumes.form.location')}
                items={open.map((location) => ({ label: location.name, value: location.id }))}
                value={context.locationId}
                disabled={confirming}
                onValueChange={(value) =>
                  actor.send({ type: 'field.changed', field: 'locationId', value: value ?? '' })
                }
                error={context.errors.locationId}
                help={t('volumes.form.locationHelp')}
              />
              {confirming ? (
                <Alert tone="info">
                  {cost
                    ? t('volumes.form.confirm', { ...summary, price: cost })
                    : t('volumes.form.confirmNoPrice', summary)}
                </Alert>
              ) : cost ? (
                <Text variant="muted">
                  {t('volumes.form.cost', { cost, perGb: gbMonthPrice(price, team.currency) ?? '' })}
                </Text>
              ) : null}
              {context.message ? <Alert tone="error">{context.message}</Alert> : null}
            </div>
          </Dialog.Body>
          <Dialog.Footer>
            <Button
              variant="outline"
              type="button"
              disabled={busy}
              onClick={() => (confirming ? actor.send({ type: 'create.cancel' }) : onClose())}
            >
              {confirming ? t('volumes.form.back') : t('volumes.cancel')}
            </Button>
            <Button variant="solid" type="submit" loading={busy}>
              {confirming ? t('volumes.form.submit') : t('volumes.form.continue')}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
