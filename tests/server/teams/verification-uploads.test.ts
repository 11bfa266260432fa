// Verification documents: each accepted type recognised by content whatever its name, impostors refused
// with a message naming the file, size and count limits, storage outside the web root under random
// names, and downloads only for the team's owner and admins, as attachments.

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemTypes } from '@/contract/problem';
import { MAX_UPLOAD_BYTES, MAX_VERIFICATION_DOCUMENTS, teamVerificationSchema } from '@/contract/teams';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import * as samples from '../support/sample-files';
import { file } from '../support/sample-files';
import { expectStatus, send, teamWithRoles } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';
import { OPERATOR_TOKEN, ops, submitVerification, verificationForm } from '../support/verification';

const ACCEPTED_TYPES = 'PDF, Word, Excel, PowerPoint, JPEG, PNG, GIF, WEBP, SVG, MP4, WEBM or QuickTime';

let database: TestDatabase;
let t: IdentityTestApp;
let uploadsDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  uploadsDir = mkdtempSync(join(tmpdir(), 'ikirere-uploads-test-'));
  t = buildIdentityTestApp(database.handle, { uploadsDir, operatorToken: OPERATOR_TOKEN });
});
afterAll(async () => {
  await database?.dispose();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const storedFiles = () => readdirSync(uploadsDir);

describe('accepted documents', () => {
  it('recognises all fifteen types by content, whatever the name and the browser said', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const first = [
      file(samples.pdf(), 'certificate.pdf', 'application/pdf'),
      file(samples.doc(), 'statutes.doc'),
      file(samples.xls(), 'accounts.xls'),
      file(samples.ppt(), 'pitch.ppt'),
      file(samples.docx(), 'letter.docx'),
      file(samples.xlsx(), 'budget.xlsx'),
      file(samples.pptx(), 'deck.pptx'),
      file(samples.jpeg(), 'id-card.jpg', 'image/jpeg'),
      // The name says program; the content says picture: the content decides.
      file(samples.png(), 'scan.exe', 'application/x-msdownload'),
      file(samples.gif(), 'stamp.gif'),
    ];
    const answer = await submitVerification(t, teamId, owner.token, verificationForm(first));
    expectStatus(answer, 200);
    await ops(t, ['verification', 'reject', teamId]);
    const second = [
      file(samples.webp(), 'photo.webp'),
      file(samples.svg(), 'logo.svg', 'image/svg+xml'),
      file(samples.mp4(), 'office-tour.mp4'),
      file(samples.webm(), 'office-tour.webm'),
      file(samples.quicktime(), 'director.mov'),
    ];
    const again = await submitVerification(t, teamId, owner.token, verificationForm(second));
    expectStatus(again, 200);
    const { documents } = v.parse(teamVerificationSchema, again.body);
    expect(documents.map((document) => [document.name, document.type])).toEqual(
      expect.arrayContaining([
        ['certificate.pdf', 'pdf'],
        ['statutes.doc', 'doc'],
        ['accounts.xls', 'xls'],
        ['pitch.ppt', 'ppt'],
        ['letter.docx', 'docx'],
        ['budget.xlsx', 'xlsx'],
        ['deck.pptx', 'pptx'],
        ['id-card.jpg', 'jpeg'],
        ['scan.exe', 'png'],
        ['stamp.gif', 'gif'],
        ['photo.webp', 'webp'],
        ['logo.svg', 'svg'],
        ['office-tour.mp4', 'mp4'],
        ['office-tour.webm', 'webm'],
        ['director.mov', 'quicktime'],
      ]),
    );
    expect(documents).toHaveLength(15);
  });

  it('stores files outside the web root under random names, readable by the server alone', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const before = new Set(storedFiles());
    const bytes = samples.pdf();
    expectStatus(
      await submitVerification(t, teamId, owner.token, verificationForm([file(bytes, 'rapport final.pdf')])),
      200,
    );
    const added = storedFiles().filter((name) => !before.has(name));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^[0-9a-f]{48}$/);
    const path = join(uploadsDir, added[0]!);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path)).toEqual(bytes);
  });

  it('takes a file of exactly 10 MiB', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const bytes = Buffer.alloc(MAX_UPLOAD_BYTES, 0x20);
    samples.pdf().copy(bytes);
    expectStatus(
      await submitVerification(t, teamId, owner.token, verificationForm([file(bytes, 'scan.pdf')])),
      200,
    );
  });
});

describe('refused documents', () => {
  it('refuses a program renamed .pdf with a message naming the file, and keeps nothing', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const before = storedFiles().length;
    const answer = await submitVerification(
      t,
      teamId,
      owner.token,
      verificationForm([
        file(samples.pdf(), 'certificate.pdf', 'application/pdf'),
        file(samples.elf(), 'report.pdf', 'application/pdf'),
        file(samples.windowsExe(), 'invoice.pdf', 'application/pdf'),
      ]),
    );
    expectStatus(answer, 422);
    expect(answer.body).toMatchObject({
      type: problemTypes.fileTypeRefused,
      title: 'File type not accepted',
      errors: [
        {
          field: 'documents',
          message: `report.pdf is not one of the accepted file types (${ACCEPTED_TYPES}). Files are checked by their content, not their name.`,
        },
        {
          field: 'documents',
          message: `invoice.pdf is not one of the accepted file types (${ACCEPTED_TYPES}). Files are checked by their content, not their name.`,
        },
      ],
    });
    expect(storedFiles()).toHaveLength(before);
    const status = await send(t, 'GET', `/teams/${teamId}/verification`, { token: owner.token });
    expect(status.body).toMatchObject({ status: 'UNVERIFIED', documents: [] });
  });

  it('refuses archives, web pages and SVG images with scripts', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const answer = await submitVerification(
      t,
      teamId,
      owner.token,
      verificationForm([
        file(samples.plainZip(), 'documents.docx'),
        file(samples.html(), 'page.svg', 'image/svg+xml'),
        file(samples.svg('<script>alert(document.cookie)</script>'), 'logo.svg', 'image/svg+xml'),
      ]),
    );
    expectStatus(answer, 422);
    expect(answer.body.errors.map((error: { message: string }) => error.message)).toEqual([
      `documents.docx is not one of the accepted file types (${ACCEPTED_TYPES}). Files are checked by their content, not their name.`,
      `page.svg is not one of the accepted file types (${ACCEPTED_TYPES}). Files are checked by their content, not their name.`,
      'logo.svg is an SVG image with scripts or event handlers, which are not accepted. Export it without them, or send it as PNG or PDF.',
    ]);
  });

  it('refuses a document whose name is a path, showing the name as sent', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const answer = await submitVerification(
      t,
      teamId,
      owner.token,
      verificationForm([file(samples.pdf(), '../../etc/passwd'), file(samples.pdf(), 'fine.pdf')]),
    );
    expectStatus(answer, 422);
    expect(answer.body.errors).toEqual([
      {
        field: 'documents',
        message: '"../../etc/passwd" is not a file name: send the file under its own name, without folders.',
      },
    ]);
  });

  it('refuses a file over 10 MiB as it arrives, an empty one, and more than 10 files', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20);
    samples.pdf().copy(big);
    const tooBig = await submitVerification(
      t,
      teamId,
      owner.token,
      verificationForm([file(samples.pdf(), 'fine.pdf'), file(big, 'big.pdf')]),
    );
    // Refused once its 10 MiB are passed, before the rest of the upload is read.
    expectStatus(tooBig, 413);
    expect(tooBig.body.errors).toEqual([{ field: 'documents', message: 'big.pdf is larger than 10 MiB.' }]);
    const empty = await submitVerification(
      t,
      teamId,
      owner.token,
      verificationForm([file(Buffer.alloc(0), 'empty.pdf'), file(samples.pdf(), 'fine.pdf')]),
    );
    expectStatus(empty, 422);
    expect(empty.body.errors).toEqual([{ field: 'documents', message: 'empty.pdf is empty.' }]);
    const eleven = Array.from({ length: 11 }, (_, i) => file(samples.pdf(), `page-${i + 1}.pdf`));
    const tooMany = await submitVerification(t, teamId, owner.token, verificationForm(eleven));
    expectStatus(tooMany, 422);
    expect(tooMany.body.errors).toEqual([
      { field: 'documents', message: 'Attach at most 10 files (11 were sent).' },
    ]);
  });

  it('answers 413 for a body larger than ten full documents, before reading it', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const answer = await send(t, 'POST', `/teams/${teamId}/verification`, {
      token: owner.token,
      form: verificationForm(),
      headers: { 'Content-Length': String(11 * MAX_UPLOAD_BYTES + 2 * 1024 * 1024) },
    });
    expectStatus(answer, 413);
    expect(answer.body.detail).toBe('The request body is larger than this endpoint accepts.');
  });

  it('refuses a file sent in a field the form does not have, naming the field', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const before = storedFiles().length;
    for (const field of ['passport', 'legalName']) {
      const form = verificationForm();
      form.append(field, file(samples.pdf(), 'passport.pdf', 'application/pdf'));
      const answer = await submitVerification(t, teamId, owner.token, form);
      expectStatus(answer, 422);
      expect(answer.headers.get('Content-Type')).toBe('application/problem+json');
      expect(answer.body.errors).toEqual([{ field, message: 'This field does not take files.' }]);
    }
    expect(storedFiles()).toHaveLength(before);
  });

  it('asks for multipart/form-data', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const answer = await send(t, 'POST', `/teams/${teamId}/verification`, {
      token: owner.token,
      body: { legalName: 'Acme' },
    });
    expectStatus(answer, 415);
    expect(answer.body.detail).toBe('Send this form as multipart/form-data (the way a browser sends files).');
  });
});

describe('refusals over a real connection', () => {
  // Refused while the browser is still sending: the answer must reach it (the rest of the body is read and
  // dropped), not a connection closed under it with no status.
  // One server for the block, so requests share kept-alive connections as a browser's do.
  let server: ReturnType<typeof createServer>;
  let origin: string;
  beforeAll(async () => {
    server = createServer(getRequestListener(t.app.fetch));
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server?.close();
    server?.closeAllConnections();
  });
  async function post(teamId: string, token: string, form: FormData): Promise<string> {
    try {
      const answer = await fetch(`${origin}/user/api/v1/teams/${teamId}/verification`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      return `${answer.status} ${(await answer.json()).detail}`;
    } catch (error) {
      return `no answer: ${(error as Error & { cause?: Error }).cause?.message ?? error}`;
    }
  }
  const oversized = () => file(new Uint8Array(MAX_UPLOAD_BYTES + 1024 * 1024).fill(65), 'scan.pdf');

  it('answers 413 to a file over the limit, sent first or after the other fields, every time', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    for (let attempt = 0; attempt < 6; attempt++) {
      const form = attempt % 2 ? verificationForm() : new FormData();
      form.append('documents', oversized());
      if (attempt % 2 === 0)
        for (const [name, value] of verificationForm([]).entries()) form.append(name, value);
      expect(await post(teamId, owner.token, form)).toBe(
        '413 scan.pdf is larger than 10 MiB. Nothing was stored.',
      );
    }
  });

  it('answers 413 to one file too many and 422 to a file in a field the form does not have', async () => {
    const { teamId, owner } = await teamWithRoles(t);
    const many = verificationForm([]);
    for (let n = 0; n <= MAX_VERIFICATION_DOCUMENTS; n++) many.append('documents', oversized());
    expect(await post(teamId, owner.token, many)).toMatch(/^413 /);
    const stray = verificationForm();
    stray.append('passport', oversized());
    expect(await post(teamId, owner.token, stray)).toBe('422 Some fields need attention.');
  });
});

describe('downloading a document', () => {
  async function uploaded(name: string, bytes: Uint8Array) {
    const s = await teamWithRoles(t);
    const answer = await submitVerification(
      t,
      s.teamId,
      s.owner.token,
      verificationForm([file(bytes, name)]),
    );
    expectStatus(answer, 200);
    return { ...s, documentId: answer.body.documents[0].id as string };
  }

  it('gives the owner and admins the file as an attachment of its detected type, never sniffed or run', async () => {
    const bytes = samples.png();
    const { teamId, owner, admin, documentId } = await uploaded('scan.exe', bytes);
    for (const who of [owner, admin]) {
      const answer = await send(t, 'GET', `/teams/${teamId}/verification/documents/${documentId}`, {
        token: who.token,
      });
      expectStatus(answer, 200);
      expect(Buffer.from(answer.bytes)).toEqual(bytes);
      expect(answer.headers.get('Content-Type')).toBe('image/png');
      // The saved name ends the way the content calls for, so no program opens it by mistake.
      expect(answer.headers.get('Content-Disposition')).toBe(
        `attachment; filename="scan.exe.png"; filename*=UTF-8''scan.exe.png`,
      );
      expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(answer.headers.get('Content-Security-Policy')).toBe(
        "default-src 'none'; sandbox; frame-ancestors 'none'",
      );
      expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    }
  });

  it('keeps a name in any script readable, and SVG goes out as an attachment too', async () => {
    const { teamId, owner, documentId } = await uploaded('Icyemezo cy’ubucuruzi.svg', samples.svg());
    const answer = await send(t, 'GET', `/teams/${teamId}/verification/documents/${documentId}`, {
      token: owner.token,
    });
    expect(answer.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(answer.headers.get('Content-Disposition')).toBe(
      `attachment; filename="Icyemezo cy_ubucuruzi.svg"; filename*=UTF-8''Icyemezo%20cy%E2%80%99ubucuruzi.svg`,
    );
  });

  it('refuses members (403), outsiders (404), and another team’s or an unknown document (404)', async () => {
    const { teamId, member, documentId } = await uploaded('certificate.pdf', samples.pdf());
    const path = `/teams/${teamId}/verification/documents/${documentId}`;
    const byMember = await send(t, 'GET', path, { token: member.token });
    expectStatus(byMember, 403);
    expect(byMember.body.detail).toBe("Only the team's owner and admins can verify the team.");
    const other = await teamWithRoles(t);
    expectStatus(await send(t, 'GET', path, { token: other.owner.token }), 404);
    for (const id of [documentId, '00000000-0000-4000-8000-000000000000', 'x']) {
      const answer = await send(t, 'GET', `/teams/${other.teamId}/verification/documents/${id}`, {
        token: other.owner.token,
      });
      expectStatus(answer, 404);
      expect(answer.body.detail).toBe('This team has no such document.');
    }
    expectStatus(await send(t, 'GET', path), 401);
  });

  it('lets an operator download it through the ops command', async () => {
    const { teamId, documentId } = await uploaded('certificate.pdf', samples.pdf());
    const out = join(mkdtempSync(join(tmpdir(), 'ikirere-ops-out-')), 'saved.pdf');
    const run = await ops(t, ['verification', 'download', teamId, documentId, '--out', out]);
    expect(run.code).toBe(0);
    expect(readFileSync(out)).toEqual(samples.pdf());
    rmSync(join(out, '..'), { recursive: true, force: true });
  });

  it('removes the stored files when the team is deleted', async () => {
    const { teamId, owner } = await uploaded('certificate.pdf', samples.pdf());
    const before = storedFiles().length;
    expectStatus(await send(t, 'DELETE', `/teams/${teamId}`, { token: owner.token }), 204);
    expect(storedFiles()).toHaveLength(before - 1);
  });
});
