// The firewall form: name, inbound rules (protocol, ports, sources; added and removed) and what it applies
// to (computes, tags). The firewall-form machine owns it; every refusal stays beside its field with what was
// typed.
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { flex, grid, wrap } from 'styled-system/patterns';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { withInspector } from '@/app-actors';
import { MAX_TAGS, tagSchema } from '@/contract/computes';
import { FIREWALL_PROTOCOLS, type Firewall, type FirewallRequest } from '@/contract/firewalls';
import { tRich, useT } from '@/i18n';
import { type FirewallProtocol, firewallFormMachine } from '@/machines/firewall-form';
import { computesQuery } from '@/services/computes.queries';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Select } from '@/ui/select';
import { EnterKey, TagInput } from '@/ui/tag-input';
import { Text, textRecipe } from '@/ui/text';
import { TextField } from '@/ui/text-field';

const PROTOCOL_LABEL: Record<FirewallProtocol, string> = { tcp: 'TCP', udp: 'UDP', icmp: 'ICMP' };
const PROTOCOLS = FIREWALL_PROTOCOLS.map((protocol) => ({
  value: protocol,
  label: PROTOCOL_LABEL[protocol],
}));

export function FirewallForm(props: {
  teamId: string;
  firewall?: Firewall;
  save: (request: FirewallRequest, firewallId: string | null) => Promise<Firewall>;
  onSaved: (firewall: Firewall) => void;
  onCancel?: () => void;
  submitLabel: string;
}) {
  const { teamId, firewall, save, onSaved, onCancel, submitLabel } = props;
  const t = useT();
  const computes = useSuspenseInfiniteQuery(computesQuery(teamId, {})).data.pages.flatMap(
    (page) => page.computes,
  );
  const actor = useActorRef(
    firewallFormMachine.provide({
      actors: {
        save: fromPromise(({ input }) => save(input.request, input.firewallId)),
      },
      actions: {
        notifySaved: ({ context }) => {
          if (context.saved) onSaved(context.saved);
        },
      },
    }),
    withInspector({ input: firewall ? { firewall } : {} }),
  );
  const snapshot = useSelector(actor, (s) => s);
  const { values, errors, message } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const live = computes.filter((compute) => compute.status !== 'destroyed');

  return (
    <form
      noValidate
      aria-label={
        firewall ? t('firewalls.form.editLabel', { name: firewall.name }) : t('firewalls.new.title')
      }
      className={grid({ gap: '5', maxWidth: '48rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'submit' });
      }}
    >
      <TextField
        label={t('firewalls.form.name')}
        value={values.name}
        maxLength={64}
        onChange={(event) => actor.send({ type: 'name.changed', value: event.target.value })}
        error={errors.name}
      />
      <fieldset className={grid({ gap: '3' })}>
        <legend className={textRecipe({ variant: 'sectionTitle' })}>{t('firewalls.rules.title')}</legend>
        <Text variant="hint">{t('firewalls.form.rulesHint')}</Text>
        {values.rules.map((rule, index) => (
          <fieldset key={rule.key} className={grid({ gap: '2', paddingBlock: '2' })}>
            <legend className={textRecipe({ variant: 'strong' })}>
              {t('firewalls.form.rule', { number: index + 1 })}
            </legend>
            <div className={wrap({ gap: '3', align: 'flex-start' })}>
              <Select
                label={t('firewalls.rule.protocol')}
                items={PROTOCOLS}
                value={rule.protocol}
                onValueChange={(value) =>
                  value && actor.send({ type: 'rule.changed', index, field: 'protocol', value })
                }
                error={errors[`rules.${index}.protocol`]}
              />
              {rule.protocol === 'icmp' ? null : (
                <TextField
                  label={t('firewalls.rule.ports')}
                  mono
                  placeholder={t('firewalls.form.portsPlaceholder')}
                  value={rule.ports}
                  onChange={(event) =>
                    actor.send({ type: 'rule.changed', index, field: 'ports', value: event.target.value })
                  }
                  error={errors[`rules.${index}.ports`]}
                />
              )}
            </div>
            <TextField
              label={t('firewalls.rule.sources')}
              mono
              help={t('firewalls.form.sourcesHelp')}
              value={rule.sources}
              onChange={(event) =>
                actor.send({ type: 'rule.changed', index, field: 'sources', value: event.target.value })
              }
              error={errors[`rules.${index}.sources`]}
            />
            <div>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => actor.send({ type: 'rule.removed', index })}
              >
                {t('firewalls.form.removeRule', { number: index + 1 })}
              </Button>
            </div>
          </fieldset>
        ))}
        {errors.rules ? <Alert tone="error">{errors.rules}</Alert> : null}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => actor.send({ type: 'rule.added' })}
          >
            {t('firewalls.form.addRule')}
          </Button>
        </div>
      </fieldset>
      <fieldset className={grid({ gap: '2' })}>
        <legend className={textRecipe({ variant: 'sectionTitle' })}>{t('firewalls.appliesTo.title')}</legend>
        {live.length === 0 ? (
          <Text variant="hint">{t('firewalls.form.noComputes')}</Text>
        ) : (
          <div className={wrap({ gap: '4' })}>
            {live.map((compute) => (
              <label key={compute.id} className={flex({ gap: '2', align: 'baseline' })}>
                <input
                  type="checkbox"
                  checked={values.computeIds.includes(compute.id)}
                  onChange={() => actor.send({ type: 'compute.toggled', computeId: compute.id })}
                />
                {compute.hostname}
              </label>
            ))}
          </div>
        )}
        {errors.computeIds ? <Alert tone="error">{errors.computeIds}</Alert> : null}
        <TagInput
          label={t('firewalls.form.tags')}
          tags={values.tags}
          onChange={(tags) => actor.send({ type: 'tags.changed', tags })}
          validate={(tag, current) => {
            if (current.length >= MAX_TAGS) return t('firewalls.form.tooManyTags', { max: MAX_TAGS });
            const checked = v.safeParse(tagSchema, tag);
            return checked.success ? undefined : checked.issues[0].message;
          }}
          help={tRich('firewalls.form.tagsHelp', { key: <EnterKey /> })}
          error={errors.tags}
        />
      </fieldset>
      {message ? <Alert tone="error">{message}</Alert> : null}
      <div className={flex({ gap: '2' })}>
        <Button type="submit" variant="solid" loading={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('firewalls.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
