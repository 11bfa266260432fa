// Top-ups through the sandbox provider: idempotent creation, the checkout page, signed callbacks that
// credit exactly once, and forged, replayed and declined ones that credit nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@/domain/money';
import { SIGNATURE_HEADER } from '../../../server/drivers/payment/sandbox/signature';
import {
  billingPath,
  expectBalanceIsSum,
  payAtCheckout,
  sendCallback,
  signedCallback,
  startTopUp,
  topUpAndPay,
} from '../support/billing';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { auditRows, expectStatus, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
});

async function ownTeam(currency: 'RWF' | 'USD' = 'RWF') {
  const owner = await person(t, 'Olive Owner');
  const teamId = await teamOf(t, owner);
  if (currency === 'USD') {
    expectStatus(await send(t, 'PATCH', `/teams/${teamId}`, { token: owner.token, body: { currency } }), 200);
  }
  return { owner, teamId };
}

async function balanceOf(token: string, teamId: string): Promise<number> {
  const answer = await send(t, 'GET', billingPath(teamId, '/balance'), { token });
  expectStatus(answer, 200);
  return answer.body.balanceMinor;
}

describe('POST /teams/:teamId/top-ups', () => {
  it('starts a pending top-up with a sandbox checkout and credits it once the payer approves', async () => {
    const { owner, teamId } = await ownTeam();
    const started = await startTopUp(t, owner.token, teamId, 10_000);
    expectStatus(started, 201);
    expect(started.body.topUp).toMatchObject({
      status: 'pending',
      amountMinor: 10_000,
      currency: 'RWF',
      declineReason: null,
      completedAt: null,
    });
    const { id, checkoutUrl } = started.body.topUp;
    expect(checkoutUrl).toMatch(/^\/payment\/sandbox\/checkout\/sbx_/);

    const page = await t.app.request(checkoutUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Sandbox — no real money moves');
    expect(html).toContain('RWF 10,000');
    expect(html).toContain(`action="${checkoutUrl}/approve"`);
    expect(html).toContain(`action="${checkoutUrl}/decline"`);
    expect(html).not.toMatch(/<script|style=/);
    expect(page.headers.get('Content-Security-Policy')).toContain("script-src 'self'");

    const paid = await payAtCheckout(t, checkoutUrl, 'approve');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('Location')).toBe(`/settings/billing?topup=${id}&outcome=succeeded`);

    const read = await send(t, 'GET', billingPath(teamId, `/top-ups/${id}`), { token: owner.token });
    expect(read.body.topUp).toMatchObject({ status: 'succeeded', amountMinor: 10_000 });
    expect(await balanceOf(owner.token, teamId)).toBe(10_000);
    const ledger = await send(t, 'GET', billingPath(teamId, '/ledger'), { token: owner.token });
    expect(ledger.body.entries).toMatchObject([
      { kind: 'top_up', amountMinor: 10_000, balanceAfterMinor: 10_000, topUpId: id, currency: 'RWF' },
    ]);
    const actions = (await auditRows(t, teamId)).map((row) => row.action);
    expect(actions).toEqual(['billing.top_up_started', 'billing.top_up_credited']);

    // The page now says it is decided; a second approval changes nothing.
    expect(await (await t.app.request(checkoutUrl)).text()).toContain('Already paid');
    expect((await payAtCheckout(t, checkoutUrl, 'approve')).status).toBe(409);
    expect(await balanceOf(owner.token, teamId)).toBe(10_000);
  });

  it('keeps the amount within the currency’s limits and asks for an Idempotency-Key', async () => {
    const { owner, teamId } = await ownTeam();
    const small = await startTopUp(t, owner.token, teamId, 999);
    expectStatus(small, 422);
    expect(small.body.errors).toEqual([
      { field: 'amountMinor', message: 'Top up between RWF 1,000 and RWF 5,000,000.' },
    ]);
    expectStatus(await startTopUp(t, owner.token, teamId, 5_000_001), 422);
    const fraction = await startTopUp(t, owner.token, teamId, 1500.5);
    expect(fraction.body.errors[0].field).toBe('amountMinor');
    const keyless = await startTopUp(t, owner.token, teamId, 5_000, null);
    expectStatus(keyless, 400);
    expect(keyless.body.detail).toContain('for each top-up');

    const usd = await ownTeam('USD');
    const cents = await startTopUp(t, usd.owner.token, usd.teamId, 99);
    expect(cents.body.errors[0].message).toBe('Top up between $1.00 and $5,000.00.');
    expectStatus(await startTopUp(t, usd.owner.token, usd.teamId, 100), 201);
  });

  it('makes one top-up of 50 concurrent requests with one key, and credits it exactly once', async () => {
    const { owner, teamId } = await ownTeam();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => startTopUp(t, owner.token, teamId, 20_000, key)),
    );
    for (const answer of answers) expectStatus(answer, 201);
    const ids = new Set(answers.map((answer) => answer.body.topUp.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(49);
    const list = await send(t, 'GET', billingPath(teamId, '/top-ups'), { token: owner.token });
    expect(list.body.topUps).toHaveLength(1);

    // The payer double-clicks: 50 approvals at once.
    const checkoutUrl = answers[0]!.body.topUp.checkoutUrl;
    await Promise.all(Array.from({ length: 50 }, () => payAtCheckout(t, checkoutUrl, 'approve')));
    expect(await balanceOf(owner.token, teamId)).toBe(20_000);
    expect(await expectBalanceIsSum(t, teamId)).toBe(20_000);
    // A retry with the same key after it was paid still answers the same top-up.
    const retried = await startTopUp(t, owner.token, teamId, 20_000, key);
    expect(retried.body.topUp).toMatchObject({ id: [...ids][0], status: 'succeeded' });
    // The same key for another amount is a client mistake.
    expectStatus(await startTopUp(t, owner.token, teamId, 30_000, key), 422);
  });

  it('credits 50 top-ups with 50 different keys 50 times', async () => {
    const { owner, teamId } = await ownTeam();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => startTopUp(t, owner.token, teamId, 1_000)),
    );
    expect(new Set(answers.map((answer) => answer.body.topUp.id)).size).toBe(50);
    await Promise.all(answers.map((answer) => payAtCheckout(t, answer.body.topUp.checkoutUrl, 'approve')));
    expect(await balanceOf(owner.token, teamId)).toBe(50_000);
    await expectBalanceIsSum(t, teamId);

    const first = await send(t, 'GET', billingPath(teamId, '/ledger'), { token: owner.token });
    expect(first.body.entries).toHaveLength(50);
    expect(first.body.nextCursor).toBeNull();
    const balances = first.body.entries.map(
      (entry: { balanceAfterMinor: number }) => entry.balanceAfterMinor,
    );
    expect(balances).toEqual(Array.from({ length: 50 }, (_, index) => 50_000 - index * 1_000));
  });

  it('marks a declined top-up with the reason and credits nothing', async () => {
    const { owner, teamId } = await ownTeam();
    const started = await startTopUp(t, owner.token, teamId, 3_000);
    const declined = await payAtCheckout(t, started.body.topUp.checkoutUrl, 'decline', '1');
    expect(declined.status).toBe(303);
    expect(declined.headers.get('Location')).toContain('outcome=declined');
    const read = await send(t, 'GET', billingPath(teamId, `/top-ups/${started.body.topUp.id}`), {
      token: owner.token,
    });
    expect(read.body.topUp).toMatchObject({
      status: 'declined',
      declineReason: 'Not enough funds on the account.',
    });
    expect(await balanceOf(owner.token, teamId)).toBe(0);
    // The payer cannot approve it afterwards.
    expect((await payAtCheckout(t, started.body.topUp.checkoutUrl, 'approve')).status).toBe(409);
    expect(await balanceOf(owner.token, teamId)).toBe(0);
  });

  it('expires a top-up nobody paid within the hour; its checkout refuses to take the payment', async () => {
    const { owner, teamId } = await ownTeam();
    const started = await startTopUp(t, owner.token, teamId, 3_000);
    t.clock.advance(61 * 60_000);
    const read = await send(t, 'GET', billingPath(teamId, `/top-ups/${started.body.topUp.id}`), {
      token: owner.token,
    });
    expect(read.body.topUp.status).toBe('expired');
    expect((await payAtCheckout(t, started.body.topUp.checkoutUrl, 'approve')).status).toBe(410);
    expect(await balanceOf(owner.token, teamId)).toBe(0);
  });

  it('answers 404 for another team’s top-up and for ids that are not ids', async () => {
    const mine = await ownTeam();
    const theirs = await ownTeam();
    const started = await startTopUp(t, theirs.owner.token, theirs.teamId, 3_000);
    for (const id of [started.body.topUp.id, randomUUID(), 'not-an-id']) {
      const answer = await send(t, 'GET', billingPath(mine.teamId, `/top-ups/${id}`), {
        token: mine.owner.token,
      });
      expectStatus(answer, 404);
    }
    expectStatus(
      await send(t, 'GET', billingPath(mine.teamId, '/ledger?cursor=abc'), { token: mine.owner.token }),
      422,
    );
  });
});

describe('POST /payment/api/v1/callbacks/sandbox', () => {
  async function pendingTopUp(amountMinor = 4_000) {
    const { owner, teamId } = await ownTeam();
    const started = await startTopUp(t, owner.token, teamId, amountMinor);
    const reference = started.body.topUp.checkoutUrl.split('/').at(-1) as string;
    return { owner, teamId, reference, id: started.body.topUp.id as string };
  }
  const succeeded = (reference: string, amountMinor = 4_000) => ({
    id: `evt_${randomUUID()}`,
    type: 'payment.succeeded',
    providerReference: reference,
    amountMinor,
    currency: 'RWF',
  });

  it('refuses a forged callback (unsigned, or signed with another secret) and credits nothing', async () => {
    const { owner, teamId, reference } = await pendingTopUp();
    const unsigned = await sendCallback(t, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(succeeded(reference)),
    });
    expect(unsigned.status).toBe(401);
    const forged = await sendCallback(t, signedCallback(t, succeeded(reference), { secret: 'guessed' }));
    expect(forged.status).toBe(401);
    expect((await forged.json()).detail).toBe('The callback’s signature does not match.');

    // A genuine signature over another body does not carry over to a changed amount.
    const genuine = signedCallback(t, succeeded(reference));
    const tampered = { ...genuine, body: JSON.stringify(succeeded(reference, 4_000_000)) };
    expect((await sendCallback(t, tampered)).status).toBe(401);
    expect(await balanceOf(owner.token, teamId)).toBe(0);
  });

  it('refuses a replayed callback and one older than five minutes', async () => {
    const { owner, teamId, reference } = await pendingTopUp();
    const init = signedCallback(t, succeeded(reference));
    const first = await sendCallback(t, init);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ outcome: 'credited' });
    const replayed = await sendCallback(t, init);
    expect(replayed.status).toBe(409);
    expect(await balanceOf(owner.token, teamId)).toBe(4_000);

    const later = await pendingTopUp();
    const old = signedCallback(t, succeeded(later.reference), {
      atSeconds: Math.floor(t.clock.now().getTime() / 1000) - 6 * 60,
    });
    const stale = await sendCallback(t, old);
    expect(stale.status).toBe(401);
    expect((await stale.json()).detail).toBe('The callback is more than five minutes old.');
    expect(await balanceOf(later.owner.token, later.teamId)).toBe(0);
  });

  it('credits a payment once however often the provider announces it (new event ids)', async () => {
    const { owner, teamId, reference } = await pendingTopUp();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => sendCallback(t, signedCallback(t, succeeded(reference)))),
    );
    const outcomes = await Promise.all(answers.map(async (answer) => (await answer.json()).outcome));
    expect(outcomes.filter((outcome) => outcome === 'credited')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'unchanged')).toHaveLength(9);
    expect(await balanceOf(owner.token, teamId)).toBe(4_000);
    await expectBalanceIsSum(t, teamId);
  });

  it('does not credit an amount other than the top-up’s, nor a reference it never made', async () => {
    const { owner, teamId, reference } = await pendingTopUp();
    const other = await sendCallback(t, signedCallback(t, succeeded(reference, 9_000)));
    expect(await other.json()).toMatchObject({ outcome: 'unchanged' });
    const unknown = await sendCallback(t, signedCallback(t, succeeded('sbx_nothing')));
    expect(await unknown.json()).toMatchObject({ outcome: 'unchanged', topUpId: null });
    expect(await balanceOf(owner.token, teamId)).toBe(0);
    expect(SIGNATURE_HEADER).toBe('Ikirere-Sandbox-Signature');
  });

  it('answers 404 for a provider that is not configured', async () => {
    const answer = await t.app.request(`/payment/api/v1/callbacks/stripe`, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(404);
  });
});

describe('the sandbox checkout page', () => {
  it('says so when the link is not one it gave out', async () => {
    const answer = await t.app.request('/payment/sandbox/checkout/sbx_unknown');
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain('Sandbox — no real money moves');
    expect((await t.app.request('/payment/sandbox/checkout.css')).headers.get('Content-Type')).toContain(
      'text/css',
    );
  });

  it('is the way the whole flow runs for a person paying in dollars', async () => {
    const { owner, teamId } = await ownTeam('USD');
    await topUpAndPay(t, owner.token, teamId, 2_500);
    const balance = await send(t, 'GET', billingPath(teamId, '/balance'), { token: owner.token });
    expect(balance.body).toMatchObject({ currency: 'USD', balanceMinor: 2_500, status: 'ok' });
  });
});

describe('a credited top-up in the ledger', () => {
  it('is described in the reader’s language, from its amount and provider', async () => {
    const { owner, teamId } = await ownTeam();
    await topUpAndPay(t, owner.token, teamId, 10_000);
    const descriptions = async () => {
      const ledger = await send(t, 'GET', billingPath(teamId, '/ledger'), { token: owner.token });
      expectStatus(ledger, 200);
      return ledger.body.entries.map((entry: { description: string }) => entry.description);
    };
    expect(await descriptions()).toEqual(['Top-up of RWF 10,000 (Sandbox)']);
    for (const [locale, words] of [
      ['rw', 'Amafaranga yongeweho: RWF 10,000 (Sandbox)'],
      ['fr', `Recharge de ${formatMoney(10_000, 'RWF', 'fr')} (Sandbox)`],
    ] as const) {
      expectStatus(await send(t, 'PATCH', '/users/me', { token: owner.token, body: { locale } }), 200);
      expect(await descriptions()).toEqual([words]);
    }
  });
});
