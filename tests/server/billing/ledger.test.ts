// The ledger: the cached balance is always the sum of the entries, under concurrent credits and charges;
// charges are idempotent on their key; the balance says ok, low or depleted; entries page newest first.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postCharge, postCredit } from '../../../server/billing';
import { billingPath, charge, expectBalanceIsSum, topUpAndPay } from '../support/billing';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { expectStatus, person, send, teamOf } from '../support/teams';
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

async function ownTeam() {
  const owner = await person(t, 'Olive Owner');
  return { owner, teamId: await teamOf(t, owner) };
}

function credit(teamId: string, amountMinor: number) {
  const at = t.clock.now();
  return t.identity.db.transaction((tx) =>
    postCredit(tx, { teamId, kind: 'adjustment', amountMinor, description: 'Correction', at }),
  );
}

describe('the ledger', () => {
  it('keeps the cached balance equal to the sum of the entries under concurrent credits and charges', async () => {
    const { teamId } = await ownTeam();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.integer({ min: -50_000, max: 50_000 }).filter((amount) => amount !== 0),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        async (amounts) => {
          const before = await expectBalanceIsSum(t, teamId);
          await Promise.all(
            amounts.map((amount) => (amount > 0 ? credit(teamId, amount) : charge(t, teamId, -amount))),
          );
          const after = await expectBalanceIsSum(t, teamId);
          expect(after - before).toBe(amounts.reduce((sum, amount) => sum + amount, 0));
        },
      ),
      { numRuns: 8 },
    );
  });

  it('posts a charge once per idempotency key, even when the key arrives concurrently', async () => {
    const { owner, teamId } = await ownTeam();
    await topUpAndPay(t, owner.token, teamId, 100_000);
    const key = `usage:${randomUUID()}:2026-11-01T10`;
    const posted = await Promise.all(Array.from({ length: 20 }, () => charge(t, teamId, 250, key)));
    expect(new Set(posted.map((result) => result.entry.id)).size).toBe(1);
    expect(posted.filter((result) => !result.replayed)).toHaveLength(1);
    expect(await expectBalanceIsSum(t, teamId)).toBe(99_750);

    const ledger = await send(t, 'GET', billingPath(teamId, '/ledger'), { token: owner.token });
    expect(ledger.body.entries[0]).toMatchObject({
      kind: 'charge',
      amountMinor: -250,
      balanceAfterMinor: 99_750,
      description: 'Usage',
    });
    expect(ledger.body.entries[0].periodStart).not.toBeNull();
  });

  it('refuses charges that are not positive whole amounts, and teams that do not exist', async () => {
    const { teamId } = await ownTeam();
    await expect(charge(t, teamId, 0)).rejects.toThrow(RangeError);
    await expect(charge(t, teamId, 1.5)).rejects.toThrow(RangeError);
    const now = t.clock.now();
    await expect(
      t.identity.db.transaction((tx) =>
        postCharge(tx, {
          teamId: randomUUID(),
          amountMinor: 10,
          description: 'x',
          periodStart: now,
          periodEnd: now,
          idempotencyKey: 'k',
          at: now,
        }),
      ),
    ).rejects.toThrow(/no team/);
  });

  it('pages entries newest first with a cursor', async () => {
    const { owner, teamId } = await ownTeam();
    for (let index = 1; index <= 55; index += 1) await credit(teamId, index);
    const first = await send(t, 'GET', billingPath(teamId, '/ledger'), { token: owner.token });
    expect(first.body.entries).toHaveLength(50);
    expect(first.body.entries[0].amountMinor).toBe(55);
    const second = await send(
      t,
      'GET',
      billingPath(teamId, `/ledger?cursor=${encodeURIComponent(first.body.nextCursor)}`),
      { token: owner.token },
    );
    expect(second.body.entries.map((entry: { amountMinor: number }) => entry.amountMinor)).toEqual([
      5, 4, 3, 2, 1,
    ]);
    expect(second.body.nextCursor).toBeNull();
  });

  it('downloads every entry, oldest first, as CSV a spreadsheet cannot run', async () => {
    const { owner, teamId } = await ownTeam();
    await credit(teamId, 5_000);
    await t.identity.db.transaction((tx) =>
      postCredit(tx, {
        teamId,
        kind: 'adjustment',
        amountMinor: -200,
        description: '=HYPERLINK("x"), refund',
        at: t.clock.now(),
      }),
    );
    const answer = await send(t, 'GET', billingPath(teamId, '/ledger/csv'), { token: owner.token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('Content-Disposition')).toBe('attachment; filename="ledger.csv"');
    const lines = (answer.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'date,kind,description,amount_minor,currency,balance_after_minor,period_start,period_end,compute_id,top_up_id',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^[^,]+,adjustment,Correction,5000,RWF,5000,,,,$/);
    expect(lines[2]).toMatch(/^[^,]+,adjustment,"'=HYPERLINK\(""x""\), refund",-200,RWF,4800,,,,$/);
    // Another team's ledger is not found.
    const stranger = await ownTeam();
    const other = await send(t, 'GET', billingPath(teamId, '/ledger/csv'), { token: stranger.owner.token });
    expect(other.status).toBe(404);
  });
});

describe('GET /teams/:teamId/balance', () => {
  it('reads ok, low and depleted as the balance moves, with the grace period’s end', async () => {
    const { owner, teamId } = await ownTeam();
    const read = async () => {
      const answer = await send(t, 'GET', billingPath(teamId, '/balance'), { token: owner.token });
      expectStatus(answer, 200);
      return answer.body;
    };
    // A team that was never charged is low (nothing to spend), never depleted.
    expect(await read()).toEqual({
      currency: 'RWF',
      balanceMinor: 0,
      lowBalanceThresholdMinor: 5_000,
      status: 'low',
      depletedSince: null,
      graceEndsAt: null,
    });
    await topUpAndPay(t, owner.token, teamId, 6_000);
    expect(await read()).toMatchObject({ balanceMinor: 6_000, status: 'ok' });
    await charge(t, teamId, 2_000);
    expect(await read()).toMatchObject({ balanceMinor: 4_000, status: 'low' });
    const emptiedAt = t.clock.now();
    await charge(t, teamId, 4_500);
    expect(await read()).toMatchObject({
      balanceMinor: -500,
      status: 'depleted',
      depletedSince: emptiedAt.toISOString(),
      graceEndsAt: new Date(emptiedAt.getTime() + 24 * 3_600_000).toISOString(),
    });
    await topUpAndPay(t, owner.token, teamId, 1_000);
    expect(await read()).toMatchObject({ balanceMinor: 500, status: 'low', depletedSince: null });
  });
});
