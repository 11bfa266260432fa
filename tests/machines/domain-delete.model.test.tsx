import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Domain } from '@/contract/domains';
import { domainDeleteMachine, matchesDomainName } from '@/machines/domain-delete';
import { DeleteDomainDialog } from '@/routes/_protected/_section/_team/domains/-components/delete-domain-dialog';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const domain = {
  id: '6f5e4d3c-2b1a-4c0d-9e8f-7a6b5c4d3e2f',
  teamId: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
  name: 'xn--kgali-zqa.rw',
  displayName: 'kígali.rw',
  recordCount: 6,
} as Domain;
const names = [domain.name, domain.displayName];
const refused = new ApiError(422, {
  type: 'about:blank',
  status: 422,
  title: 'Check the highlighted fields.',
  errors: [{ field: 'confirmName', message: 'Type the domain’s name exactly: kígali.rw.' }],
});

const model = new MachineModel(domainDeleteMachine, {
  input: { names },
  abstractContext: (context) => matchesDomainName(context.typed, context.names),
  events: {
    'confirmation.changed': [
      { type: 'confirmation.changed', value: 'kigali' },
      { type: 'confirmation.changed', value: ' Kígali.rw. ' },
    ],
    'xstate.done.actor.delete': [{ type: 'xstate.done.actor.delete', output: undefined }],
    'xstate.error.actor.delete': [{ type: 'xstate.error.actor.delete', error: refused }],
  },
});

let actor: Actor<typeof domainDeleteMachine>;
let calls: ReturnType<typeof deferredActors>;
let left: number;

beforeEach(() => {
  calls = deferredActors();
  left = 0;
  actor = createActor(
    domainDeleteMachine.provide({
      actors: { delete: calls.actor('delete') },
      actions: {
        leave: () => {
          left += 1;
        },
      },
    }),
    { input: { names } },
  ).start();
  render(<DeleteDomainDialog actor={actor} domain={domain} />);
});
afterEach(() => actor.stop());

async function settle(event: { output?: unknown; error?: unknown }) {
  await act(async () => {
    await flushMicrotasks();
    if (event.error !== undefined) calls.reject('delete', event.error);
    else calls.resolve('delete', event.output);
    await flushMicrotasks();
  });
}

const field = () => screen.getByLabelText('Type kígali.rw to confirm');
const confirmButton = () => screen.getByRole('button', { name: 'Delete domain' });

describe('domain-delete machine, driven through its dialog', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: { closed: [], confirming: ['confirming'], deleting: ['confirming', 'busy'], deleted: [] },
        },
        events: {
          // The page's "Delete domain" button opens the dialog.
          'delete.open': () => act(() => actor.send({ type: 'delete.open' })),
          'delete.cancel': () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })),
          'confirmation.changed': ({ event }: { event: { value: string } }) =>
            fireEvent.change(field(), { target: { value: event.value } }),
          'delete.confirm': () => fireEvent.click(confirmButton()),
          'xstate.done.actor.delete': ({ event }: { event: { output: unknown } }) => settle(event),
          'xstate.error.actor.delete': ({ event }: { event: { error: unknown } }) => settle(event),
        } as never,
        states: {
          closed: () =>
            expect(
              document.querySelector('[role="alertdialog"]')?.getAttribute('data-state') ?? 'closed',
            ).toBe('closed'),
          confirming: () => {
            const snapshot = actor.getSnapshot();
            expect(screen.getByRole('alertdialog')).toHaveTextContent('Its 6 records are deleted');
            // Only the zone's name, as it shows or in ASCII, lets the delete go.
            if (matchesDomainName(snapshot.context.typed, names)) expect(confirmButton()).toBeEnabled();
            else expect(confirmButton()).toBeDisabled();
            if (snapshot.context.message) expect(screen.getByText(snapshot.context.message)).toBeVisible();
          },
          deleting: () => {
            expect(calls.inputOf('delete')).toEqual({ confirmName: 'Kígali.rw.' });
            expect(confirmButton()).toHaveAttribute('aria-busy', 'true');
          },
          deleted: () => expect(left).toBe(1),
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('keeps what was typed and shows the refusal beside the field', async () => {
    await act(async () => actor.send({ type: 'delete.open' }));
    fireEvent.change(field(), { target: { value: 'kígali.rw' } });
    fireEvent.click(confirmButton());
    await settle({ error: refused });
    expect(field()).toHaveValue('kígali.rw');
    expect(screen.getByText('Type the domain’s name exactly: kígali.rw.')).toBeVisible();
  });
});
