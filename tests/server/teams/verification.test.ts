// Team verification: who may read and send a request, every allowed and refused status change, the
// operator's command and the e-mails each change sends to the team's owners.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemTypes } from '@/contract/problem';
import { teamVerificationSchema } from '@/contract/teams';
import { buildIdentityTestApp, type IdentityTestApp, inbox } from '../support/identity';
import { auditRows, expectStatus, mailTo, type Person, send, teamWithRoles } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';
import { DETAILS, OPERATOR_TOKEN, ops, submitVerification } from '../support/verification';

let database: TestDatabase;
let t: IdentityTestApp;
const uploadsDir = mkdtempSync(join(tmpdir(), 'ikirere-uploads-test-'));

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle, { uploadsDir, operatorToken: OPERATOR_TOKEN });
});
afterAll(async () => {
  await database?.dispose();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const statusOf = async (teamId: string, who: Person) =>
  (await send(t, 'GET', `/teams/${teamId}`, { token: who.token })).body.verificationStatus as string;

describe('sending a verification request', () => {
  it('moves an unverified team to PENDING, keeps the details and documents, and tells the owner', async () => {
    const { teamId, owner, admin, member } = await teamWithRoles(t);
    const before = await send(t, 'GET', `/teams/${teamId}/verification`, { token: admin.token });
    expect(before.body).toEqual({
      status: 'UNVERIFIED',
      details: null,
      documents: [],
      history: [],
      submittedAt: null,
    });

    const answer = await submitVerification(t, teamId, admin.token);
    expectStatus(answer, 200);
    const verification = v.parse(teamVerificationSchema, answer.body);
    expect(verification).toMatchObject({
      status: 'PENDING',
      details: DETAILS,
      documents: [{ name: 'certificate.pdf', type: 'pdf' }],
      history: [{ status: 'PENDING', message: null }],
      submittedAt: t.clock.now().toISOString(),
    });
    expect(await statusOf(teamId, member)).toBe('PENDING');
    const mail = await mailTo(t, owner.email, 'We received the verification request for Acme Rwanda');
    expect(mail.text).toContain("We'll get back to you in 2–3 business days.");
    const [entry] = await auditRows(t, teamId);
    expect(entry).toMatchObject({
      action: 'verification.submitted',
      actorUserId: admin.id,
      target: 'Acme Rwanda Ltd',
      details: { from: 'UNVERIFIED', documents: [{ name: 'certificate.pdf', type: 'pdf' }] },
    });
  });

  it('is for the owner and admins; a member sees only the status', async () => {
    const { teamId, member } = await teamWithRoles(t);
    const read = await send(t, 'GET', `/teams/${teamId}/verification`, { token: member.token });
    expectStatus(read, 403);
    expect(read.body.detail).toBe("Only the team's owner and admins can verify the team.");
    const submit = await submitVerification(t, teamId, member.token);
    expectStatus(submit, 403);
    expect(submit.body.detail).toBe("Only the team's owner and admins can verify the team.");
    expect(await statusOf(teamId, member)).toBe('UNVERIFIED');
  });

  it('says per field what the details lack', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const form = new FormData();
    form.append('legalName', ' ');
    form.append('country', 'Rwanda');
    form.append('website', 'acme');
    const answer = await send(t, 'POST', `/teams/${teamId}/verification`, { token: owner.token, form });
    expectStatus(answer, 422);
    expect(answer.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'documents', message: 'Attach at least one file.' },
        { field: 'legalName', message: 'Enter the organisation’s legal name.' },
        { field: 'registrationNumber', message: 'This field is required.' },
        { field: 'country', message: 'Choose the country of registration.' },
        { field: 'address', message: 'This field is required.' },
      ]),
    );
    expect(await statusOf(teamId, owner)).toBe('UNVERIFIED');
  });
});

describe('status changes', () => {
  it('refuses a second request while one is reviewed, and any once verified', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    expectStatus(await submitVerification(t, teamId, owner.token), 200);
    const whilePending = await submitVerification(t, teamId, owner.token);
    expectStatus(whilePending, 409);
    expect(whilePending.body).toMatchObject({
      type: problemTypes.verificationNotOpen,
      detail:
        'Your verification request is being reviewed. We’ll get back to you in 2–3 business days; you can send a new request if we ask for more.',
    });
    expect((await ops(t, ['verification', 'approve', teamId])).code).toBe(0);
    const whileVerified = await submitVerification(t, teamId, owner.token);
    expectStatus(whileVerified, 409);
    expect(whileVerified.body.detail).toBe('This team is already verified; there is nothing more to send.');
  });

  it('goes PENDING → REJECTED → PENDING → ADDITIONAL_INFO_REQUESTED → PENDING → VERIFIED', async () => {
    const { teamId, owner, admin } = await teamWithRoles(t);
    expectStatus(await submitVerification(t, teamId, owner.token), 200);
    expect(
      (await ops(t, ['verification', 'reject', teamId, '--message', 'The certificate is unreadable.'])).code,
    ).toBe(0);
    expect(await statusOf(teamId, owner)).toBe('REJECTED');
    expectStatus(await submitVerification(t, teamId, admin.token), 200);
    expect(
      (await ops(t, ['verification', 'request-info', teamId, '-m', 'Send the director’s ID.'])).code,
    ).toBe(0);
    expect(await statusOf(teamId, owner)).toBe('ADDITIONAL_INFO_REQUESTED');
    expectStatus(await submitVerification(t, teamId, owner.token), 200);
    expect((await ops(t, ['verification', 'approve', teamId])).code).toBe(0);

    const verification = await send(t, 'GET', `/teams/${teamId}/verification`, { token: owner.token });
    expect(verification.body.status).toBe('VERIFIED');
    expect(
      verification.body.history.map((e: { status: string; message: string | null }) => [e.status, e.message]),
    ).toEqual([
      ['PENDING', null],
      ['REJECTED', 'The certificate is unreadable.'],
      ['PENDING', null],
      ['ADDITIONAL_INFO_REQUESTED', 'Send the director’s ID.'],
      ['PENDING', null],
      ['VERIFIED', null],
    ]);
    // Documents of every request stay for the record.
    expect(verification.body.documents).toHaveLength(3);
    const actions = (await auditRows(t, teamId)).map((e) => [e.action, e.actorUserId]);
    expect(actions).toEqual([
      ['verification.submitted', owner.id],
      ['verification.rejected', null],
      ['verification.submitted', admin.id],
      ['verification.info_requested', null],
      ['verification.submitted', owner.id],
      ['verification.approved', null],
    ]);
  });

  it('lets an operator decide only on a PENDING request', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    for (const decision of ['approve', 'reject', 'request-info']) {
      const run = await ops(t, ['verification', decision, teamId]);
      expect(run.code).toBe(1);
      expect(run.err).toBe(
        'The team Acme Rwanda is not waiting for review: its verification status is UNVERIFIED.',
      );
    }
    expectStatus(await submitVerification(t, teamId, owner.token), 200);
    await ops(t, ['verification', 'reject', teamId]);
    const again = await ops(t, ['verification', 'approve', teamId]);
    expect(again.err).toBe(
      'The team Acme Rwanda is not waiting for review: its verification status is REJECTED.',
    );
    expect(await statusOf(teamId, owner)).toBe('REJECTED');
  });
});

describe('npm run ops -- verification', () => {
  it('lists the teams waiting for review, with their id, name and when they asked', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    expectStatus(await submitVerification(t, teamId, owner.token), 200);
    const run = await ops(t, ['verification', 'list']);
    expect(run.code).toBe(0);
    const [header, ...rows] = run.out.split('\n');
    expect(header).toMatch(/^TEAM ID\s+TEAM\s+LEGAL NAME\s+SUBMITTED AT$/);
    expect(rows).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${teamId}\\s+Acme Rwanda\\s+Acme Rwanda Ltd\\s+${t.clock.now().toISOString()}$`),
      ),
    );
  });

  it('shows one team’s request: details, documents, history and owners', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    await submitVerification(t, teamId, owner.token);
    const run = await ops(t, ['verification', 'show', teamId]);
    expect(run.code).toBe(0);
    expect(run.out).toContain('Team:        Acme Rwanda');
    expect(run.out).toContain('Status:      PENDING');
    expect(run.out).toContain(`Owners:      Olive Owner <${owner.email}>`);
    expect(run.out).toContain('Legal name:  Acme Rwanda Ltd');
    expect(run.out).toMatch(/pdf\s+\d+ B {2}certificate\.pdf/);
  });

  it('e-mails the owners each decision with the operator’s message', async () => {
    const { teamId, owner, admin } = await teamWithRoles(t);
    await submitVerification(t, teamId, admin.token);
    const run = await ops(t, [
      'verification',
      'request-info',
      teamId,
      '--message',
      'Please send a utility bill.',
    ]);
    expect(run.out).toBe(
      `The team Acme Rwanda (${teamId}) is now ADDITIONAL_INFO_REQUESTED. E-mailed the owners: ${owner.email}.`,
    );
    const info = await mailTo(t, owner.email, 'More information needed to verify Acme Rwanda');
    expect(info.text).toContain('Message from our review team:\n\nPlease send a utility bill.');
    expect(info.text).toContain('Reply to this e-mail');
    await submitVerification(t, teamId, admin.token);
    await ops(t, ['verification', 'approve', teamId, '--message', 'Welcome aboard.']);
    const approved = await mailTo(t, owner.email, 'Acme Rwanda is verified');
    expect(approved.text).toContain('Welcome aboard.');
    // Admins are not owners: the decision goes to the owners only.
    expect((await inbox(t, admin.email)).map((mail) => mail.subject)).toEqual([]);
  });

  it('says plainly when the team does not exist, the token is wrong or the command is mistyped', async () => {
    const unknown = await ops(t, ['verification', 'approve', '00000000-0000-4000-8000-000000000000']);
    expect(unknown).toMatchObject({ code: 1, err: 'There is no team with this id.' });
    const wrongToken = await ops(t, ['verification', 'list'], 'not-the-operator-token-at-all-0123456789');
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.err).toMatch(/^The server refused the operator token\./);
    const typo = await ops(t, ['verification', 'aprove', 'x']);
    expect(typo.code).toBe(2);
    expect(typo.err).toMatch(/^Unknown command: verification aprove\n\nUsage: npm run ops/);
  });

  it('refuses sessions of signed-in users on the operator endpoints', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    await submitVerification(t, teamId, owner.token);
    const answer = await send(t, 'POST', `/ops/api/v1/teams/${teamId}/verification/decision`, {
      token: owner.token,
      body: { decision: 'approve' },
    });
    expectStatus(answer, 401);
    expect(answer.body.type).toBe(problemTypes.operatorTokenRequired);
    expect(await statusOf(teamId, owner)).toBe('PENDING');
  });
});

describe('limits follow the verification', () => {
  it('lifts the compute limit and the vCPU ceiling once the team is verified', async () => {
    const { teamId, owner, member } = await teamWithRoles(t);
    const before = await send(t, 'GET', `/teams/${teamId}/limits`, { token: member.token });
    expect(before.body).toEqual({ verified: false, computes: { used: 0, limit: 5 }, maxVcpus: 7 });
    await submitVerification(t, teamId, owner.token);
    await ops(t, ['verification', 'approve', teamId]);
    const after = await send(t, 'GET', `/teams/${teamId}/limits`, { token: member.token });
    expect(after.body).toEqual({ verified: true, computes: { used: 0, limit: null }, maxVcpus: null });
  });
});
