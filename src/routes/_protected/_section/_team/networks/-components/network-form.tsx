// The form of a new private network: its name and IPv4 block (network-create machine). Every refusal —
// the contract's before sending, the server's after — stays beside its field with what was typed.
import { useActorRef, useSelector } from '@xstate/react';
import { flex, grid } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { withInspector } from '@/app-actors';
import { NETWORK_PREFIX_BOUNDS, type Network, type NetworkRequest } from '@/contract/networks';
import { useT } from '@/i18n';
import { networkCreateMachine } from '@/machines/network-create';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/text-field';

const { shortest, longest } = NETWORK_PREFIX_BOUNDS;

export function NetworkForm(props: {
  /** The block the form starts with: one apart from the team's other networks. */
  suggestedBlock: string;
  create: (request: NetworkRequest) => Promise<Network>;
  onCreated: (network: Network) => void;
  onCancel: () => void;
}) {
  const { suggestedBlock, create, onCreated, onCancel } = props;
  const t = useT();
  const actor = useActorRef(
    networkCreateMachine.provide({
      actors: { create: fromPromise(({ input }) => create(input)) },
      actions: {
        finish: ({ context }) => {
          if (context.made) onCreated(context.made);
        },
      },
    }),
    withInspector({ input: { ipv4Block: suggestedBlock } }),
  );
  const snapshot = useSelector(actor, (s) => s);
  const { name, ipv4Block, errors, message } = snapshot.context;
  return (
    <form
      noValidate
      aria-label={t('networks.new.title')}
      className={grid({ gap: '5', maxWidth: '32rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'submit' });
      }}
    >
      <TextField
        label={t('networks.form.name')}
        value={name}
        maxLength={64}
        onChange={(event) => actor.send({ type: 'field.changed', field: 'name', value: event.target.value })}
        error={errors.name}
      />
      <TextField
        label={t('networks.form.block')}
        mono
        placeholder="10.20.0.0/24"
        value={ipv4Block}
        onChange={(event) =>
          actor.send({ type: 'field.changed', field: 'ipv4Block', value: event.target.value })
        }
        error={errors.ipv4Block}
        help={t('networks.form.blockHelp', { shortest, longest })}
      />
      {message ? <Alert tone="error">{message}</Alert> : null}
      <div className={flex({ gap: '2' })}>
        <Button type="submit" variant="solid" loading={snapshot.hasTag('busy')}>
          {t('networks.form.submit')}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('networks.cancel')}
        </Button>
      </div>
    </form>
  );
}
