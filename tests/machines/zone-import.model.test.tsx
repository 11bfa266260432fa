import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Domain, ZoneImportResult } from '@/contract/domains';
import { changesOf, zoneImportMachine } from '@/machines/zone-import';
import { ZoneImportDialog } from '@/routes/_protected/_section/_team/domains/-components/zone-import-dialog';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const domain = {
  id: '6f5e4d3c-2b1a-4c0d-9e8f-7a6b5c4d3e2f',
  teamId: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
  name: 'example.rw',
  displayName: 'example.rw',
} as Domain;
const zone = 'www IN A 192.0.2.10\nmail IN A 192.0.2.20';
const record = (name: string) =>
  ({ name, type: 'A', value: '192.0.2.10', ttl: 3600 }) as ZoneImportResult['add'][number];
const withChanges: ZoneImportResult = {
  add: [record('www'), record('mail')],
  change: [],
  refuse: [],
  unchanged: 0,
  applied: false,
};
const nothingNew: ZoneImportResult = { add: [], change: [], refuse: [], unchanged: 2, applied: false };
const badText = new ApiError(422, {
  type: 'about:blank',
  status: 422,
  title: 'Check the highlighted fields.',
  errors: [{ field: 'text', message: 'Line 1: this is not a zone file.' }],
});
const dnsRefused = new ApiError(502, {
  type: 'about:blank',
  status: 502,
  title: 'The DNS server refused the change.',
});

const model = new MachineModel(zoneImportMachine, {
  abstractContext: (context) => [context.text.length > 0, changesOf(context.result) > 0],
  events: {
    'text.changed': [{ type: 'text.changed', text: zone }],
    'file.refused': [{ type: 'file.refused', message: 'big.zone is 2.0 MB; a zone file is at most 1 MB.' }],
    'xstate.done.actor.preview': [
      { type: 'xstate.done.actor.preview', output: withChanges },
      { type: 'xstate.done.actor.preview', output: nothingNew },
    ],
    'xstate.error.actor.preview': [{ type: 'xstate.error.actor.preview', error: badText }],
    'xstate.done.actor.apply': [{ type: 'xstate.done.actor.apply', output: withChanges }],
    'xstate.error.actor.apply': [{ type: 'xstate.error.actor.apply', error: dnsRefused }],
  },
});

let actor: Actor<typeof zoneImportMachine>;
let calls: ReturnType<typeof deferredActors>;
let effects: string[];

beforeEach(() => {
  calls = deferredActors();
  effects = [];
  actor = createActor(
    zoneImportMachine.provide({
      actors: { preview: calls.actor('preview'), apply: calls.actor('apply') },
      actions: {
        imported: (_, { result }) => effects.push(`imported ${result.add.length}`),
        close: () => effects.push('closed'),
      },
    }),
  ).start();
  render(<ZoneImportDialog actor={actor} domain={domain} />);
});
afterEach(() => actor.stop());

async function settle(id: string, event: { output?: unknown; error?: unknown }) {
  await act(async () => {
    await flushMicrotasks();
    if (event.error !== undefined) calls.reject(id, event.error);
    else calls.resolve(id, event.output);
    await flushMicrotasks();
  });
}

const text = () => screen.getByLabelText('Zone text');

describe('zone-import machine, driven through its dialog', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: {
            editing: ['editing'],
            previewing: ['busy'],
            reviewing: ['confirming'],
            applying: ['confirming', 'busy'],
            applied: [],
            cancelled: [],
          },
        },
        events: {
          // Cleared first: typing the same text again would change nothing the browser reports.
          'text.changed': ({ event }: { event: { text: string } }) => {
            fireEvent.change(text(), { target: { value: '' } });
            fireEvent.change(text(), { target: { value: event.text } });
          },
          // The file picker refuses a file over 1 MB before reading it.
          'file.refused': () => {
            const big = new File(['x'], 'big.zone');
            Object.defineProperty(big, 'size', { value: 2 * 1_048_576 });
            fireEvent.change(screen.getByLabelText('Zone file'), { target: { files: [big] } });
          },
          'import.preview': () => fireEvent.click(screen.getByRole('button', { name: 'Preview' })),
          // Offered only when the preview would change something; otherwise there is nothing to click.
          'import.apply': () => {
            if (changesOf(actor.getSnapshot().context.result) > 0) {
              fireEvent.click(screen.getByRole('button', { name: 'Apply 2 changes' }));
            }
          },
          'import.cancel': () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })),
          'xstate.done.actor.preview': ({ event }: { event: { output: unknown } }) =>
            settle('preview', event),
          'xstate.error.actor.preview': ({ event }: { event: { error: unknown } }) =>
            settle('preview', event),
          'xstate.done.actor.apply': ({ event }: { event: { output: unknown } }) => settle('apply', event),
          'xstate.error.actor.apply': ({ event }: { event: { error: unknown } }) => settle('apply', event),
        } as never,
        states: {
          editing: () => {
            const snapshot = actor.getSnapshot();
            expect(text()).toHaveValue(snapshot.context.text);
            const preview = screen.getByRole('button', { name: 'Preview' });
            if (snapshot.context.text) expect(preview).toBeEnabled();
            else expect(preview).toBeDisabled();
            if (snapshot.context.textError)
              expect(screen.getByText(snapshot.context.textError)).toBeVisible();
            if (snapshot.context.message)
              expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.message);
          },
          previewing: () => {
            expect(calls.inputOf('preview')).toEqual({ text: zone });
            expect(screen.getByRole('button', { name: 'Preview' })).toHaveAttribute('aria-busy', 'true');
          },
          reviewing: () => {
            const snapshot = actor.getSnapshot();
            // What would happen, before anything does; Apply only when something would change.
            expect(screen.getByRole('status')).toHaveTextContent(/to add, .* to change, .* refused/);
            expect(effects).toEqual([]);
            if (changesOf(snapshot.context.result) > 0) {
              expect(screen.getByRole('button', { name: 'Apply 2 changes' })).toBeEnabled();
            } else {
              expect(screen.queryByRole('button', { name: /^Apply/ })).toBeNull();
            }
          },
          applying: () => {
            expect(calls.inputOf('apply')).toEqual({ text: zone });
            expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
          },
          applied: () => expect(effects).toEqual(['imported 2', 'closed']),
          cancelled: () => expect(effects).toEqual(['closed']),
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('keeps the pasted text when the server refuses it, with the reason beside it', async () => {
    fireEvent.change(text(), { target: { value: 'garbage' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await settle('preview', { error: badText });
    expect(text()).toHaveValue('garbage');
    expect(screen.getByText('Line 1: this is not a zone file.')).toBeVisible();
  });
});
