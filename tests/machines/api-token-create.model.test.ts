// The api-token-create machine, every transition from every state: nothing is sent until the contract
// accepts the draft, a refusal comes back beside its field with the draft kept, and the secret is shown
// once, after which the form starts afresh.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { CreatedApiToken } from '@/contract/api-tokens';
import { type ApiTokenDraft, apiTokenCreateMachine, draftErrors } from '@/machines/api-token-create';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const TEAM = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const complete: Partial<ApiTokenDraft> = {
  name: 'deploy',
  teamIds: [TEAM],
  scopes: { computes: 'read_write', domains: 'none', billing: 'none', team: 'none' },
  expiry: '30',
};
const made: CreatedApiToken = {
  token: {
    id: '3f1c1a59-5a0c-4b0e-9d7e-1c2b3a4d5e6f',
    name: 'deploy',
    prefix: 'ikt_Ab12Cd',
    teams: [{ id: TEAM, name: 'Kigali Labs' }],
    scopes: { computes: 'read_write', domains: 'none', billing: 'none', team: 'none' },
    createdAt: '2026-11-26T10:00:00.000Z',
    expiresAt: '2026-12-27T00:00:00.000Z',
    lastUsedAt: null,
    lastUsedIp: null,
  },
  secret: `ikt_${'A'.repeat(43)}`,
};
const refused = new ApiError(422, {
  type: 'about:blank',
  status: 422,
  title: 'Check the token',
  detail: 'A token can act only for teams you are a member of.',
  errors: [{ field: 'teamIds', message: 'A token can act only for teams you are a member of.' }],
});

const model = new MachineModel(apiTokenCreateMachine, {
  events: {
    edit: [
      { type: 'edit', patch: { ...complete } },
      { type: 'edit', patch: { name: '' } },
    ],
    'xstate.done.actor.create': [{ type: 'xstate.done.actor.create', output: made }],
    'xstate.error.actor.create': [{ type: 'xstate.error.actor.create', error: refused }],
  },
  abstractContext: (context) => ({
    complete: Object.keys(draftErrors(context.draft, new Date())).length === 0,
    created: context.created !== null,
  }),
});

let actor: Actor<typeof apiTokenCreateMachine>;
let calls: ReturnType<typeof deferredActors>;

beforeEach(() => {
  calls = deferredActors();
  actor = createActor(apiTokenCreateMachine.provide({ actors: { create: calls.actor('create') } })).start();
});
afterEach(() => actor.stop());

async function settle(event: { output?: unknown; error?: unknown }) {
  await flushMicrotasks();
  if (event.error !== undefined) calls.reject('create', event.error);
  else calls.resolve('create', event.output);
  await flushMicrotasks();
}

describe('api-token-create machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: { editing: ['editing'], creating: ['busy'], showingSecret: [] },
        },
        events: {
          edit: ({ event }: { event: { patch: object } }) => actor.send({ type: 'edit', patch: event.patch }),
          submit: () => actor.send({ type: 'submit' }),
          dismiss: () => actor.send({ type: 'dismiss' }),
          'xstate.done.actor.create': ({ event }: { event: { output: unknown } }) => settle(event),
          'xstate.error.actor.create': ({ event }: { event: { error: unknown } }) => settle(event),
        } as never,
        states: {
          editing: () => expect(actor.getSnapshot().context.created).toBeNull(),
          creating: () =>
            expect(calls.inputOf('create')).toMatchObject({
              name: 'deploy',
              teamIds: [TEAM],
              expiresOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
            }),
          showingSecret: () => expect(actor.getSnapshot().context.created?.secret).toBe(made.secret),
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('sends nothing while the draft is incomplete, and says why beside each field', () => {
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls.calls).toHaveLength(0);
    expect(actor.getSnapshot().context.errors).toMatchObject({
      name: 'Give the token a name.',
      teamIds: 'Choose at least one team for the token to act for.',
      scopes: 'Give it read or write access to at least one area: a token with no access can do nothing.',
    });
    actor.send({ type: 'edit', patch: { name: 'ci' } });
    expect(actor.getSnapshot().context.errors.name).toBeUndefined();
  });

  it('keeps the draft and puts the refusal beside its field', async () => {
    actor.send({ type: 'edit', patch: { ...complete } });
    actor.send({ type: 'submit' });
    await settle({ error: refused });
    const { draft, errors } = actor.getSnapshot().context;
    expect(draft.name).toBe('deploy');
    expect(errors.teamIds).toBe('A token can act only for teams you are a member of.');
  });

  it('turns a preset expiry into the date that many days from today', async () => {
    actor.send({ type: 'edit', patch: { ...complete, expiry: '365' } });
    actor.send({ type: 'submit' });
    await flushMicrotasks();
    const expected = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    expect(calls.inputOf('create')).toMatchObject({ expiresOn: expected });
  });
});
