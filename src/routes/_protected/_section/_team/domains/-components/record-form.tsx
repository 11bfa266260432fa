// The form of one DNS record type, for adding on the type's page or editing in the table's dialog, driven
// by the dns-record-form machine: the shared rules of src/domain/dns check it before it is sent, the
// server checks it again, and every message appears beside its field with the input kept.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { flex, grid, wrap } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { withInspector } from '@/app-actors';
import type { DnsRecord, DnsRecordInput, Domain } from '@/contract/domains';
import { checkRecord, type DnsRecordType, recordFields } from '@/domain/dns';
import { tRich, useT } from '@/i18n';
import {
  dnsRecordFormMachine,
  type RecordFormErrors,
  type RecordFormValues,
} from '@/machines/dns-record-form';
import { recordRequest } from '@/services/domains.api';
import { useSaveRecord } from '@/services/domains.mutations';
import { Alert } from '@/ui/alert';
import { ApiCall } from '@/ui/api-call';
import { Button } from '@/ui/button';
import { TextareaField, TextField } from '@/ui/text-field';

const BLANK: RecordFormValues = { name: '', value: '', ttl: '', priority: '', weight: '', port: '' };

/**
 * The values as the API takes them: the fields the type's page shows, as typed. A number field left empty
 * goes as "" and is refused beside the field: its placeholder is a hint, not a value.
 */
function inputOf(type: DnsRecordType, values: RecordFormValues): DnsRecordInput {
  const input: DnsRecordInput = { type, name: values.name, value: values.value };
  for (const field of recordFields(type)) {
    if (field.numeric) input[field.key] = values[field.key].trim();
  }
  return input;
}

export function RecordForm({
  domain,
  type,
  record,
  onSaved,
  onCancel,
}: {
  domain: Domain;
  type: DnsRecordType;
  /** The record to edit; without it, the form adds one. */
  record?: DnsRecord;
  onSaved: (record: DnsRecord) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const save = useSaveRecord(domain);
  const fields = recordFields(type);
  const actor = useActorRef(
    dnsRecordFormMachine.provide({
      actors: {
        save: fromPromise<DnsRecord, { values: RecordFormValues; record: DnsRecord | null }>(({ input }) =>
          save.mutateAsync({ input: inputOf(type, input.values), record: input.record }),
        ),
      },
      actions: {
        notifySaved: ({ context }) => {
          if (context.saved) onSaved(context.saved);
        },
      },
    }),
    withInspector({
      input: {
        record,
        blank: BLANK,
        check: (values): RecordFormErrors => {
          const checked = checkRecord(inputOf(type, values), domain.name);
          return checked.ok ? {} : checked.errors;
        },
      },
    }),
  );
  const snapshot = useSelector(actor, (state) => state);
  const { values, errors, message, current } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const saved = snapshot.matches('saved');
  // Adding: once saved, the form is blank and ready for the next record.
  useEffect(() => {
    if (saved && !record) actor.send({ type: 'form.reset' });
  }, [saved, record, actor]);

  return (
    <form
      noValidate
      aria-label={
        record ? t('domains.recordForm.editLabel', { type }) : t('domains.recordForm.add', { type })
      }
      className={grid({ gap: '3' })}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'submit' });
      }}
    >
      <div
        className={grid({
          gap: '3',
          gridTemplateColumns: { base: '1fr', md: 'repeat(auto-fit, minmax(9rem, 1fr))' },
          alignItems: 'start',
        })}
      >
        {fields.map((field) => {
          const common = {
            label: field.label,
            name: field.key,
            placeholder: field.placeholder,
            help: field.help,
            error: errors[field.key],
            value: values[field.key],
            autoComplete: 'off',
            spellCheck: false,
            // Names and values are DNS, the same in every language: their examples too.
            ...(field.numeric ? {} : { translate: 'no' as const }),
          };
          const onChange = (text: string) =>
            actor.send({ type: 'field.changed', field: field.key, value: text });
          return field.key === 'value' && type === 'TXT' ? (
            <div key={field.key} className={css({ gridColumn: { md: 'span 2' } })}>
              <TextareaField {...common} mono rows={3} onChange={(event) => onChange(event.target.value)} />
            </div>
          ) : (
            <div
              key={field.key}
              className={css({ gridColumn: field.key === 'value' ? { md: 'span 2' } : undefined })}
            >
              <TextField
                {...common}
                mono={!field.numeric}
                inputMode={field.numeric ? 'numeric' : undefined}
                onChange={(event) => onChange(event.target.value)}
              />
            </div>
          );
        })}
      </div>
      {message ? <Alert tone="error">{message}</Alert> : null}
      {snapshot.matches('conflict') && current ? (
        <Alert tone="info">
          {tRich('domains.recordForm.conflict', {
            record: (
              <code>
                {current.name} {current.type} {current.value}
              </code>
            ),
            ttl: current.ttl,
          })}
          <span className={wrap({ gap: '2', marginTop: '2' })}>
            <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'conflict.useTheirs' })}>
              {t('domains.recordForm.useTheirs')}
            </Button>
            <Button size="sm" variant="solid" onClick={() => actor.send({ type: 'conflict.keepMine' })}>
              {t('domains.recordForm.keepMine')}
            </Button>
          </span>
        </Alert>
      ) : null}
      <div className={flex({ gap: '2' })}>
        <Button type="submit" variant="solid" loading={busy} disabled={snapshot.matches('conflict')}>
          {record ? t('domains.recordForm.save') : t('domains.recordForm.add', { type })}
        </Button>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t('domains.cancel')}
          </Button>
        ) : null}
      </div>
      <ApiCall
        request={recordRequest(
          domain.teamId,
          domain.id,
          inputOf(type, values),
          record ? { id: record.id, version: record.version } : undefined,
        )}
      />
    </form>
  );
}
