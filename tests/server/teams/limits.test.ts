// The one policy for what an unverified team may run: at most 5 computes, no plan with 8 or more vCPUs;
// verification lifts both. The computes issue calls assertCanCreateCompute; here it is called directly.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemTypes } from '@/contract/problem';
import { teams } from '../../../server/db/schema';
import { ProblemError } from '../../../server/http/problem';
import { assertCanCreateCompute, assertCanUseVcpus, teamLimits } from '../../../server/tenancy/limits';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { expectStatus, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
});
afterAll(() => database?.dispose());

/** The computes area's count, as app.ts gives it, standing at `n`. */
const holding = (n: number) => async () => n;

async function refusal(check: Promise<void>): Promise<ProblemError> {
  const error = await check.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProblemError);
  return error as ProblemError;
}

async function unverifiedTeam() {
  const owner = await person(t);
  return { owner, teamId: await teamOf(t, owner) };
}

async function verify(teamId: string) {
  await t.identity.db.update(teams).set({ verificationStatus: 'VERIFIED' }).where(eq(teams.id, teamId));
}

describe('assertCanCreateCompute', () => {
  it('lets an unverified team add computes below 8 vCPUs while it has fewer than 5', async () => {
    const { teamId } = await unverifiedTeam();
    await expect(
      assertCanCreateCompute(t.identity.db, teamId, { vcpus: 7, countComputes: holding(4) }),
    ).resolves.toBeUndefined();
  });

  it('refuses a plan with 8 or more vCPUs to an unverified team, beside the plan field', async () => {
    const { teamId } = await unverifiedTeam();
    const error = await refusal(
      assertCanCreateCompute(t.identity.db, teamId, { vcpus: 8, field: 'size', countComputes: holding(0) }),
    );
    expect(error.status).toBe(403);
    expect(error.fields).toMatchObject({
      type: problemTypes.teamVerificationRequired,
      detail: 'Plans with 8 or more vCPUs need a verified team.',
      errors: [{ field: 'size', message: 'Plans with 8 or more vCPUs need a verified team.' }],
    });
    const resize = await refusal(assertCanUseVcpus(t.identity.db, teamId, 16));
    expect(resize.fields.errors).toEqual([
      { field: 'plan', message: 'Plans with 8 or more vCPUs need a verified team.' },
    ]);
  });

  it('refuses a sixth compute to an unverified team', async () => {
    const { teamId } = await unverifiedTeam();
    const error = await refusal(
      assertCanCreateCompute(t.identity.db, teamId, { vcpus: 1, countComputes: holding(5) }),
    );
    expect(error.status).toBe(403);
    expect(error.fields).toMatchObject({
      type: problemTypes.teamVerificationRequired,
      detail: 'An unverified team can run at most 5 computes. Verify your team to lift the limit.',
    });
    await expect(
      assertCanCreateCompute(t.identity.db, teamId, { vcpus: 1, countComputes: holding(4) }),
    ).resolves.toBeUndefined();
  });

  it('lets a verified team add any number of computes of any size', async () => {
    const { teamId } = await unverifiedTeam();
    await verify(teamId);
    await expect(
      assertCanCreateCompute(t.identity.db, teamId, { vcpus: 64, countComputes: holding(40) }),
    ).resolves.toBeUndefined();
    await expect(assertCanUseVcpus(t.identity.db, teamId, 64)).resolves.toBeUndefined();
  });
});

describe('GET /teams/:teamId/limits', () => {
  it('shows every member the usage against the limits', async () => {
    const owner = await person(t);
    const member = await person(t);
    const teamId = await teamOf(t, owner, [[member, 'MEMBER']]);
    const answer = await send(t, 'GET', `/teams/${teamId}/limits`, { token: member.token });
    expectStatus(answer, 200);
    expect(answer.body).toEqual({ verified: false, computes: { used: 0, limit: 5 }, maxVcpus: 7 });
    // The count is the computes area's, as app.ts gives it to the teams routes.
    expect(await teamLimits(t.identity.db, teamId, holding(3))).toEqual({
      verified: false,
      computes: { used: 3, limit: 5 },
      maxVcpus: 7,
    });
  });
});
