// The DNS record form (a type page's "add" form, or the table's edit dialog): editing, validating with the
// shared rules of src/domain/dns, saving, a conflict when someone else changed the record meanwhile, saved.
// Every refusal keeps what was typed and puts the message beside its field.
import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { type DnsRecord, dnsRecordSchema } from '@/contract/domains';
import { t } from '@/i18n';
import { ApiError } from '@/services/http';
import type { StateTag } from '../tags';

/** The form's fields, as typed. A type's page shows only the fields that type has. */
export interface RecordFormValues {
  name: string;
  value: string;
  ttl: string;
  priority: string;
  weight: string;
  port: string;
}
export type RecordField = keyof RecordFormValues;
export type RecordFormErrors = Partial<Record<RecordField, string>>;

export interface DnsRecordFormContext {
  values: RecordFormValues;
  /** What the form was reset to: blank for adding, the record's values for editing. */
  initial: RecordFormValues;
  /** The record being edited (its version is what the save names); null when adding. */
  record: DnsRecord | null;
  errors: RecordFormErrors;
  /** A refusal that belongs to no single field. */
  message: string | null;
  /** The record as someone else saved it, while in conflict. */
  current: DnsRecord | null;
  saved: DnsRecord | null;
}

export interface DnsRecordFormInput {
  /** The record to edit; without it the form adds a new one. */
  record?: DnsRecord;
  /** Blank values for adding: empty strings (placeholders show the defaults). */
  blank: RecordFormValues;
  /** The shared rules (src/domain/dns checkRecord, mapped to fields); {} when the values are acceptable. */
  check: (values: RecordFormValues) => RecordFormErrors;
}

export type DnsRecordFormEvent =
  | { type: 'field.changed'; field: RecordField; value: string }
  | { type: 'submit' }
  | { type: 'conflict.useTheirs' }
  | { type: 'conflict.keepMine' }
  | { type: 'form.reset' };

/** A record's stored fields as the form shows them. */
export function valuesOf(record: DnsRecord): RecordFormValues {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    name: record.name,
    value: record.value,
    ttl: String(record.ttl),
    priority: text(record.priority),
    weight: text(record.weight),
    port: text(record.port),
  };
}

const FIELDS: readonly RecordField[] = ['name', 'value', 'ttl', 'priority', 'weight', 'port'];
const hasAny = (errors: RecordFormErrors) => Object.values(errors).some(Boolean);

function currentOf(error: unknown): DnsRecord | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = v.safeParse(dnsRecordSchema, error.problem.current);
  return parsed.success ? parsed.output : null;
}

export const dnsRecordFormMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as DnsRecordFormContext & { mode: 'add' | 'edit'; check: DnsRecordFormInput['check'] },
    events: {} as DnsRecordFormEvent,
    input: {} as DnsRecordFormInput,
  },
  actors: {
    /** The shared rules, run on submit (a promise, so a slower check — e.g. against the zone — fits too). */
    validate: fromPromise<RecordFormErrors, { values: RecordFormValues; check: DnsRecordFormInput['check'] }>(
      async ({ input }) => input.check(input.values),
    ),
    save: fromPromise<DnsRecord, { values: RecordFormValues; record: DnsRecord | null }>(async () => {
      throw new Error('save must be provided');
    }),
  },
  actions: {
    /** Provided by the page: a toast, refreshing the table, closing the dialog. */
    notifySaved: () => {},
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed');
      const values = { ...context.values, [event.field]: event.value };
      // A message beside a field goes away as soon as the field is right, and not before.
      const shown = FIELDS.filter((field) => context.errors[field]);
      const now = shown.length > 0 ? context.check(values) : {};
      const errors: RecordFormErrors = {};
      for (const field of shown) {
        if (field === event.field ? now[field] : context.errors[field]) {
          errors[field] = field === event.field ? now[field] : context.errors[field];
        }
      }
      return { values, errors, message: null };
    }),
    storeErrors: assign({
      errors: ({ event }) => (event as unknown as { output: RecordFormErrors }).output,
      message: null,
    }),
    showRefusal: assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      if (!(error instanceof ApiError)) {
        return { message: t('domains.recordForm.saveFailed'), errors: {} };
      }
      const errors: RecordFormErrors = {};
      const other: string[] = [];
      for (const { field, message } of error.problem.errors ?? []) {
        if ((FIELDS as readonly string[]).includes(field)) errors[field as RecordField] = message;
        else other.push(message);
      }
      const message = hasAny(errors) ? (other[0] ?? null) : (other[0] ?? error.message);
      return { errors, message };
    }),
    enterConflict: assign(({ event }) => ({ current: currentOf((event as { error?: unknown }).error) })),
    useTheirs: assign(({ context }) => {
      const current = context.current!;
      return {
        record: current,
        values: valuesOf(current),
        initial: valuesOf(current),
        current: null,
        errors: {},
      };
    }),
    keepMine: assign(({ context }) => ({ record: context.current, current: null })),
    storeSaved: assign(({ event }) => {
      const saved = (event as unknown as { output: DnsRecord }).output;
      return { saved, record: saved };
    }),
    // Adding: a blank form for the next record. Editing: the record as it was just saved.
    reset: assign(({ context }) =>
      context.mode === 'add'
        ? { values: context.initial, record: null, saved: null, errors: {}, message: null }
        : {
            values: valuesOf(context.saved!),
            initial: valuesOf(context.saved!),
            saved: null,
            errors: {},
            message: null,
          },
    ),
  },
  guards: {
    foundErrors: ({ event }) => hasAny((event as unknown as { output: RecordFormErrors }).output),
    isConflict: ({ event }) => currentOf((event as { error?: unknown }).error) !== null,
  },
}).createMachine({
  id: 'dnsRecordForm',
  context: ({ input }) => {
    const initial = input.record ? valuesOf(input.record) : input.blank;
    return {
      values: initial,
      initial,
      record: input.record ?? null,
      errors: {},
      message: null,
      current: null,
      saved: null,
      mode: input.record ? 'edit' : 'add',
      check: input.check,
    };
  },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        'field.changed': { actions: 'change' },
        submit: 'validating',
      },
    },
    validating: {
      tags: ['busy'],
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }) => ({ values: context.values, check: context.check }),
        onDone: [
          { guard: 'foundErrors', target: 'editing', actions: 'storeErrors' },
          { target: 'saving', actions: 'storeErrors' },
        ],
        onError: { target: 'editing', actions: 'showRefusal' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ values: context.values, record: context.record }),
        onDone: { target: 'saved', actions: 'storeSaved' },
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: 'enterConflict' },
          { target: 'editing', actions: 'showRefusal' },
        ],
      },
    },
    /** Someone saved the record since this form loaded it: take theirs, or save mine over it. */
    conflict: {
      on: {
        'conflict.useTheirs': { target: 'editing', actions: 'useTheirs' },
        'conflict.keepMine': { target: 'saving', actions: 'keepMine' },
      },
    },
    saved: {
      entry: 'notifySaved',
      on: { 'form.reset': { target: 'editing', actions: 'reset' } },
    },
  },
});
