// Team images through the API, on the hypervisor simulator (200 times faster than life; its captures write a
// real, empty qcow2 of the compute's disk size with qemu-img): capture from a stopped compute only, the
// compute refusing power actions while its disk is copied, history and audit written with each change;
// list, rename, delete; another team's image not found; a compute made from an image; uploads checked with
// qemu-img before anything is kept (backing files, external data files, other formats, sizes, truncated
// bodies refused with the reason, nothing left behind); downloads streamed with Range, 416 and ETag.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeHistorySchema } from '@/contract/computes';
import { imageListSchema, imageSchema } from '@/contract/images';
import { simulatorMachines, teams } from '../../../server/db/schema';
import { ABANDONED_AFTER_MS, ImageFiles } from '../../../server/images/image-files';
import { fundedTeamOf } from '../support/billing';
import {
  action,
  computeRequest,
  createCompute,
  history,
  RM,
  uniqueHostname,
  waitForStatus,
} from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { auditRows, expectStatus, type Person, person, send } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;
let owner: Person;
let outsider: Person;
let teamId: string;
let otherTeamId: string;
const imagesDir = mkdtempSync(join(tmpdir(), 'ikirere-images-test-'));
const scratch = mkdtempSync(join(tmpdir(), 'ikirere-images-scratch-'));
/** What a server killed mid-upload two hours ago left in the directory. */
let leftByACrash: string;

/** A file in `directory`, last written `ageMs` ago. */
function fileWritten(directory: string, name: string, ageMs: number): string {
  const path = join(directory, name);
  writeFileSync(path, 'half an upload');
  const at = new Date(Date.now() - ageMs);
  utimesSync(path, at, at);
  return path;
}

beforeAll(async () => {
  leftByACrash = fileWritten(imagesDir, `incoming-${randomUUID()}.part`, 2 * 60 * 60_000);
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle, { imagesDir });
  owner = await person(t, 'Ivy Imager');
  outsider = await person(t, 'Otto Outsider');
  teamId = await fundedTeamOf(t, owner, [], 'Image team');
  otherTeamId = await fundedTeamOf(t, outsider, [], 'Other team');
  await t.identity.db.update(teams).set({ verificationStatus: 'VERIFIED' }).where(eq(teams.id, teamId));
});
afterAll(async () => {
  await t?.images?.settled();
  await t?.computes.close();
  await database?.dispose();
  rmSync(imagesDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

const imagesPath = (team: string, rest = '') => `${RM}/teams/${team}/images${rest}`;

function qemuImg(...args: string[]): string {
  return execFileSync('qemu-img', args, { encoding: 'utf8' });
}

/** A file made with qemu-img in the scratch directory. */
function diskFile(name: string, ...createArgs: string[]): string {
  const path = join(scratch, name);
  qemuImg('create', '-q', ...createArgs.map((arg) => arg.replace('{path}', path)));
  return path;
}

async function stoppedCompute(hostname = uniqueHostname()) {
  const created = await createCompute(t, owner.token, teamId, computeRequest({ hostname }));
  expectStatus(created, 201);
  const id = created.body.compute.id as string;
  await waitForStatus(t, owner.token, teamId, id, 'running');
  expectStatus(await action(t, owner.token, teamId, id, 'power_off'), 202);
  await waitForStatus(t, owner.token, teamId, id, 'stopped');
  return id;
}

async function waitForImage(imageId: string, status: string) {
  const deadline = Date.now() + 5_000;
  let last: Awaited<ReturnType<typeof send>> | undefined;
  while (Date.now() < deadline) {
    last = await send(t, 'GET', imagesPath(teamId, `/${imageId}`), { token: owner.token });
    if (last.body?.status === status) return v.parse(imageSchema, last.body);
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`image ${imageId} never became ${status}: ${JSON.stringify(last?.body)}`);
}

function upload(
  imageId: string,
  body: BodyInit | null,
  options: { token?: string; team?: string; query?: string; headers?: Record<string, string> } = {},
) {
  const query = options.query ?? '?name=uploaded&operatingSystemId=debian-12';
  return t.app.request(imagesPath(options.team ?? teamId, `/${imageId}/file${query}`), {
    method: 'PUT',
    headers: { Authorization: `Bearer ${options.token ?? owner.token}`, ...options.headers },
    body,
    // A streamed body (the truncated upload) needs it in Node's fetch.
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

async function uploadFile(path: string, imageId = randomUUID(), query?: string) {
  const bytes = readFileSync(path);
  const response = await upload(imageId, bytes, {
    headers: { 'Content-Length': String(bytes.length) },
    ...(query ? { query } : {}),
  });
  return { response, imageId, body: await response.json() };
}

/** What the image directory holds besides the images' own files: nothing half-made. */
function strayFiles(): string[] {
  return readdirSync(imagesDir).filter((name) => !/^[0-9a-f-]{36}\.qcow2$/.test(name));
}

describe('capturing a compute as an image', () => {
  it('captures a stopped compute: creating, then available as a standalone qcow2 of its disk, in the history and the audit log', async () => {
    const computeId = await stoppedCompute();
    const answer = await send(t, 'POST', imagesPath(teamId), {
      token: owner.token,
      body: { computeId, name: '  golden web  ' },
    });
    expectStatus(answer, 202);
    const image = v.parse(imageSchema, answer.body);
    expect(image).toMatchObject({
      name: 'golden web',
      status: 'creating',
      source: 'capture',
      sourceComputeId: computeId,
      operatingSystemId: 'ubuntu-24-04',
    });
    // While its disk is copied the compute takes no power action: the hypervisor refuses, and it stays stopped.
    expectStatus(await action(t, owner.token, teamId, computeId, 'power_on'), 202);
    await waitForStatus(t, owner.token, teamId, computeId, 'stopped');

    const done = await waitForImage(image.id, 'available');
    expect(done.virtualSizeBytes).toBe(25 * 1024 ** 3);
    const file = join(imagesDir, `${image.id}.qcow2`);
    expect(done.sizeBytes).toBe(statSync(file).size);
    const info = JSON.parse(qemuImg('info', '--output=json', '-f', 'qcow2', file));
    expect(info['backing-filename']).toBeUndefined();

    const events = v.parse(
      computeHistorySchema,
      (await history(t, owner.token, teamId, computeId)).body,
    ).events;
    expect(events.find((event) => event.action === 'power_on')).toMatchObject({
      result: 'failed',
      message: expect.stringContaining('An image is being captured from its disk'),
    });
    const imageEvents = events.filter((event) => event.action === 'image');
    expect(imageEvents.map((event) => event.message)).toEqual([
      expect.stringContaining('The image “golden web” is captured'),
      expect.stringContaining('Capturing the disk as the image “golden web”'),
    ]);
    expect(imageEvents[1]!.actor).toMatchObject({ id: owner.id });
    const audit = (await auditRows(t, teamId)).filter((row) => row.action === 'image.captured');
    expect(audit.at(-1)).toMatchObject({
      actorUserId: owner.id,
      target: 'golden web',
      details: expect.objectContaining({ imageId: image.id, computeId }),
    });

    // Powered on once the capture is done.
    expectStatus(await action(t, owner.token, teamId, computeId, 'power_on'), 202);
    await waitForStatus(t, owner.token, teamId, computeId, 'running');
  });

  it('refuses a compute that is not stopped, another team’s compute, and a second capture under way, with the reason', async () => {
    const created = await createCompute(t, owner.token, teamId, computeRequest());
    const runningId = created.body.compute.id as string;
    await waitForStatus(t, owner.token, teamId, runningId, 'running');
    const running = await send(t, 'POST', imagesPath(teamId), {
      token: owner.token,
      body: { computeId: runningId, name: 'live' },
    });
    expectStatus(running, 409);
    expect(running.body.detail).toContain('Power it off first');

    const foreign = await send(t, 'POST', imagesPath(otherTeamId), {
      token: outsider.token,
      body: { computeId: runningId, name: 'stolen' },
    });
    expectStatus(foreign, 422);
    expect(foreign.body.errors).toEqual([{ field: 'computeId', message: 'This team has no such compute.' }]);

    const stoppedId = await stoppedCompute();
    const first = await send(t, 'POST', imagesPath(teamId), {
      token: owner.token,
      body: { computeId: stoppedId, name: 'one' },
    });
    expectStatus(first, 202);
    const second = await send(t, 'POST', imagesPath(teamId), {
      token: owner.token,
      body: { computeId: stoppedId, name: 'two' },
    });
    expectStatus(second, 409);
    expect(second.body.detail).toContain('already being captured');
    // Still creating: it cannot be deleted yet.
    expectStatus(
      await send(t, 'DELETE', imagesPath(teamId, `/${first.body.id}`), { token: owner.token }),
      409,
    );
    await waitForImage(first.body.id, 'available');

    const list = v.parse(
      imageListSchema,
      (await send(t, 'GET', imagesPath(teamId), { token: owner.token })).body,
    );
    expect(list.images.map((image) => image.name)).not.toContain('live');
    expect(list.images.map((image) => image.name)).not.toContain('two');
  });

  it('a capture the hypervisor cannot complete fails with the reason, leaving no file', async () => {
    const computeId = await stoppedCompute(uniqueHostname('web-fail-capture'));
    const answer = await send(t, 'POST', imagesPath(teamId), {
      token: owner.token,
      body: { computeId, name: 'broken' },
    });
    expectStatus(answer, 202);
    const failed = await waitForImage(answer.body.id, 'failed');
    expect(failed.message).toBe('The capture failed: The disk could not be read (simulated failure).');
    expect(readdirSync(imagesDir)).not.toContain(`${failed.id}.qcow2`);
    const events = v.parse(
      computeHistorySchema,
      (await history(t, owner.token, teamId, computeId)).body,
    ).events;
    expect(events[0]).toMatchObject({ action: 'image', result: 'failed' });
    // A failed image is deleted like any other.
    expectStatus(await send(t, 'DELETE', imagesPath(teamId, `/${failed.id}`), { token: owner.token }), 204);
  });
});

describe('managing images', () => {
  it('renames and deletes an image (audit log, file gone); another team’s image is not found', async () => {
    const { imageId } = await uploadFile(diskFile('manage.qcow2', '-f', 'qcow2', '{path}', '1G'));
    const path = imagesPath(teamId, `/${imageId}`);
    const renamed = await send(t, 'PATCH', path, { token: owner.token, body: { name: 'base 2026' } });
    expectStatus(renamed, 200);
    expect(renamed.body.name).toBe('base 2026');
    expectStatus(await send(t, 'PATCH', path, { token: owner.token, body: { name: '' } }), 422);

    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { name: 'mine now' }],
      ['DELETE', '', undefined],
      ['GET', '/file', undefined],
    ] as const) {
      const foreign = await send(t, method, imagesPath(otherTeamId, `/${imageId}${suffix}`), {
        token: outsider.token,
        ...(body ? { body } : {}),
      });
      expectStatus(foreign, 404);
    }
    expectStatus(await send(t, 'GET', imagesPath(teamId, '/not-an-id'), { token: owner.token }), 404);

    expectStatus(await send(t, 'DELETE', path, { token: owner.token }), 204);
    expectStatus(await send(t, 'GET', path, { token: owner.token }), 404);
    expect(readdirSync(imagesDir)).not.toContain(`${imageId}.qcow2`);
    const actions = (await auditRows(t, teamId))
      .filter((row) => (row.details as { imageId?: string }).imageId === imageId)
      .map((row) => row.action);
    expect(actions).toEqual(['image.uploaded', 'image.renamed', 'image.deleted']);
  });

  it('makes a compute from a team image: its operating system, its file as the disk, a plan whose disk holds it', async () => {
    const { imageId } = await uploadFile(
      diskFile('big.qcow2', '-f', 'qcow2', '{path}', '30G'),
      undefined,
      '?name=big&operatingSystemId=rocky-9',
    );
    const tooSmall = await createCompute(t, owner.token, teamId, { ...computeRequest(), imageId });
    expectStatus(tooSmall, 422);
    expect(tooSmall.body.errors).toEqual([
      {
        field: 'instanceTypeId',
        message: 'The image “big” needs a disk of at least 30 GB; choose a plan with one.',
      },
    ]);
    const made = await createCompute(t, owner.token, teamId, {
      ...computeRequest({ instanceTypeId: 's-1vcpu-2gb' }),
      imageId,
    });
    expectStatus(made, 201);
    expect(made.body.compute.operatingSystem).toMatchObject({ id: 'rocky-9' });
    const [machine] = await t.identity.db
      .select()
      .from(simulatorMachines)
      .where(eq(simulatorMachines.id, made.body.compute.id));
    expect((machine!.spec as { teamImageFile?: string }).teamImageFile).toBe(
      join(imagesDir, `${imageId}.qcow2`),
    );

    const foreign = await createCompute(t, outsider.token, otherTeamId, { ...computeRequest(), imageId });
    expectStatus(foreign, 422);
    expect(foreign.body.errors).toEqual([
      { field: 'imageId', message: 'Choose one of the team’s available images.' },
    ]);
  });
});

describe('uploading an image', () => {
  it('takes a qcow2 and a raw disk, keeping each as a standalone qcow2', async () => {
    const qcow2 = await uploadFile(diskFile('plain.qcow2', '-f', 'qcow2', '{path}', '2G'));
    expect(qcow2.response.status).toBe(201);
    expect(v.parse(imageSchema, qcow2.body)).toMatchObject({
      status: 'available',
      source: 'upload',
      operatingSystemId: 'debian-12',
      virtualSizeBytes: 2 * 1024 ** 3,
    });
    const raw = join(scratch, 'disk.raw');
    writeFileSync(raw, Buffer.alloc(4 * 1024 * 1024, 7));
    const fromRaw = await uploadFile(raw);
    expect(fromRaw.response.status).toBe(201);
    expect(fromRaw.body.virtualSizeBytes).toBe(4 * 1024 * 1024);
    const info = JSON.parse(
      qemuImg('info', '--output=json', '-f', 'qcow2', join(imagesDir, `${fromRaw.imageId}.qcow2`)),
    );
    expect(info.format).toBe('qcow2');
    // The same id twice is a conflict, not a replacement.
    const again = await uploadFile(raw, fromRaw.imageId);
    expect(again.response.status).toBe(409);
  });

  it('refuses hostile and broken files with the reason, keeping nothing', async () => {
    const before = (await send(t, 'GET', imagesPath(teamId), { token: owner.token })).body.images.length;
    const base = diskFile('base.qcow2', '-f', 'qcow2', '{path}', '1G');
    const cases: [string, string, string][] = [
      [
        'a backing file pointing at a host path',
        diskFile('backed.qcow2', '-f', 'qcow2', '-F', 'raw', '-b', '/etc/passwd', '{path}', '1G'),
        'The image has a backing file',
      ],
      [
        'a backing file that is another qcow2',
        diskFile('overlay.qcow2', '-f', 'qcow2', '-F', 'qcow2', '-b', base, '{path}'),
        'The image has a backing file',
      ],
      [
        'an external data file',
        diskFile(
          'external.qcow2',
          '-f',
          'qcow2',
          '-o',
          `data_file=${join(scratch, 'external.data')}`,
          '{path}',
          '1G',
        ),
        'external data file',
      ],
      ['a VMDK', diskFile('disk.vmdk', '-f', 'vmdk', '{path}', '1G'), 'This is a VMDK image'],
      [
        'a disk larger than any plan',
        diskFile('huge.qcow2', '-f', 'qcow2', '{path}', '2000G'),
        'the largest taken is 1280 GiB',
      ],
    ];
    for (const [what, path, reason] of cases) {
      const { response, body } = await uploadFile(path);
      expect(response.status, what).toBe(422);
      expect(body.errors, what).toEqual([{ field: 'file', message: expect.stringContaining(reason) }]);
    }

    // A body that ends short of its Content-Length: the connection dropped mid-upload.
    const bytes = readFileSync(diskFile('cut.qcow2', '-f', 'qcow2', '{path}', '1G'));
    const half = bytes.subarray(0, Math.floor(bytes.length / 2));
    const cut = await upload(randomUUID(), half, { headers: { 'Content-Length': String(bytes.length) } });
    expect(cut.status).toBe(422);
    expect((await cut.json()).errors[0].message).toMatch(/after \d+ of \d+ bytes/);

    const noLength = await upload(
      randomUUID(),
      new ReadableStream({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      }),
    );
    expect(noLength.status).toBe(411);
    const badOs = await uploadFile(base, randomUUID(), '?name=x&operatingSystemId=windows-95');
    expect(badOs.response.status).toBe(422);
    expect(badOs.body.errors[0].field).toBe('operatingSystemId');

    expect((await send(t, 'GET', imagesPath(teamId), { token: owner.token })).body.images).toHaveLength(
      before,
    );
    expect(strayFiles()).toEqual([]);
  });
});

describe('an upload’s id', () => {
  it('is the upload’s alone: two at once make one image, an id used before stays used, any case is one id', async () => {
    const bytes = readFileSync(diskFile('twice.qcow2', '-f', 'qcow2', '{path}', '1G'));
    const headers = { 'Content-Length': String(bytes.length) };
    const downloads = async (imageId: string) =>
      (
        await t.app.request(imagesPath(teamId, `/${imageId}/file`), {
          headers: { Authorization: `Bearer ${owner.token}` },
        })
      ).status;

    // A retry while the first still converts: one image, and its file is still there.
    const id = randomUUID();
    const both = await Promise.all([upload(id, bytes, { headers }), upload(id, bytes, { headers })]);
    expect(both.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(await downloads(id)).toBe(200);
    expect(strayFiles()).toEqual([]);

    // Deleted, its id is not new again (its meter stays, and would not start a second time).
    expectStatus(await send(t, 'DELETE', imagesPath(teamId, `/${id}`), { token: owner.token }), 204);
    expect((await upload(id, bytes, { headers })).status).toBe(409);

    // Written in capitals, it is the same id: the image and its file are found by it.
    const shouted = randomUUID().toUpperCase();
    const made = await upload(shouted, bytes, { headers });
    expect(made.status).toBe(201);
    expect((await made.json()).id).toBe(shouted.toLowerCase());
    expect(await downloads(shouted.toLowerCase())).toBe(200);
    expect(await downloads(shouted)).toBe(200);
    expect((await upload(shouted.toLowerCase(), bytes, { headers })).status).toBe(409);
    expect(strayFiles()).toEqual([]);
  });
});

describe('what a stopped upload left', () => {
  it('is removed when the service starts, once nothing has written to it for an hour', async () => {
    // The service started with this file's first request, and swept the directory then.
    expect(existsSync(leftByACrash)).toBe(false);

    const directory = mkdtempSync(join(scratch, 'sweep-'));
    const stale = fileWritten(directory, `incoming-${randomUUID()}.part`, ABANDONED_AFTER_MS + 60_000);
    // Still being written (an upload under way on another server sharing the directory): kept.
    const current = fileWritten(directory, `incoming-${randomUUID()}.part`, ABANDONED_AFTER_MS - 60_000);
    const image = fileWritten(directory, `${randomUUID()}.qcow2`, 30 * 24 * 60 * 60_000);
    const other = fileWritten(directory, 'notes.part', 30 * 24 * 60 * 60_000);
    const removed = await new ImageFiles(directory).removeAbandoned();
    expect(removed).toEqual([basename(stale)]);
    expect([stale, current, image, other].map((path) => existsSync(path))).toEqual([false, true, true, true]);
  });
});

describe('downloading an image', () => {
  it('streams the file with an ETag, resumes with Range (206), and answers 416 past the end', async () => {
    const { imageId } = await uploadFile(diskFile('dl.qcow2', '-f', 'qcow2', '{path}', '1G'));
    const file = readFileSync(join(imagesDir, `${imageId}.qcow2`));
    const path = imagesPath(teamId, `/${imageId}/file`);
    const whole = await send(t, 'GET', path, { token: owner.token });
    expectStatus(whole, 200);
    expect(Buffer.from(whole.bytes).equals(file)).toBe(true);
    expect(whole.headers.get('Content-Disposition')).toBe('attachment; filename="uploaded.qcow2"');
    expect(whole.headers.get('Accept-Ranges')).toBe('bytes');
    const etag = whole.headers.get('ETag')!;
    expect(etag).toBe(`"${imageId}"`);

    const part = await send(t, 'GET', path, { token: owner.token, headers: { Range: 'bytes=100-' } });
    expectStatus(part, 206);
    expect(part.headers.get('Content-Range')).toBe(`bytes 100-${file.length - 1}/${file.length}`);
    expect(Buffer.from(part.bytes).equals(file.subarray(100))).toBe(true);
    const tail = await send(t, 'GET', path, {
      token: owner.token,
      headers: { Range: 'bytes=-10', 'If-Range': etag },
    });
    expectStatus(tail, 206);
    expect(Buffer.from(tail.bytes).equals(file.subarray(file.length - 10))).toBe(true);
    const stale = await send(t, 'GET', path, {
      token: owner.token,
      headers: { Range: 'bytes=100-', 'If-Range': '"something-else"' },
    });
    expectStatus(stale, 200);
    expect(stale.bytes.length).toBe(file.length);
    // A last byte before the first is no range: the whole file, not a refusal.
    const inverted = await send(t, 'GET', path, { token: owner.token, headers: { Range: 'bytes=10-5' } });
    expectStatus(inverted, 200);
    expect(inverted.bytes.length).toBe(file.length);

    const past = await send(t, 'GET', path, {
      token: owner.token,
      headers: { Range: `bytes=${file.length}-` },
    });
    expectStatus(past, 416);
    expect(past.headers.get('Content-Range')).toBe(`bytes */${file.length}`);
  });
});

describe('a download link', () => {
  it('downloads the file without a session, resumes with Range, and stops at its end or with its image', async () => {
    const { imageId } = await uploadFile(diskFile('link.qcow2', '-f', 'qcow2', '{path}', '1G'));
    const file = readFileSync(join(imagesDir, `${imageId}.qcow2`));
    const made = await send(t, 'POST', imagesPath(teamId, `/${imageId}/download-link`), {
      token: owner.token,
    });
    expectStatus(made, 201);
    const { url, expiresAt } = made.body as { url: string; expiresAt: string };
    expect(url).toMatch(/^\/resource-manager\/api\/v1\/image-downloads\/[\w-]+\.[\w-]+$/);
    expect(new Date(expiresAt).getTime() - t.clock.now().getTime()).toBe(6 * 3_600_000);

    // No Authorization header: the link is the credential, as a browser's download manager uses it.
    const whole = await send(t, 'GET', url);
    expectStatus(whole, 200);
    expect(Buffer.from(whole.bytes).equals(file)).toBe(true);
    expect(whole.headers.get('Content-Disposition')).toBe('attachment; filename="uploaded.qcow2"');
    const part = await send(t, 'GET', url, { headers: { Range: 'bytes=512-' } });
    expectStatus(part, 206);
    expect(Buffer.from(part.bytes).equals(file.subarray(512))).toBe(true);

    // Altered, for another image, or after its end: 404, whatever was changed.
    const [body, signature] = url.split('/').pop()!.split('.') as [string, string];
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claim, e: (claim.e as number) + 1e9 })).toString(
      'base64url',
    );
    for (const token of [`${forged}.${signature}`, `${body}.${signature.slice(1)}x`, 'nonsense', `${body}`]) {
      expectStatus(await send(t, 'GET', `${RM}/image-downloads/${token}`), 404);
    }
    t.clock.advance(6 * 3_600_000);
    expectStatus(await send(t, 'GET', url), 404);
    t.clock.advance(-6 * 3_600_000);

    // Another team cannot ask for one; a deleted image's link stops.
    const foreign = await send(t, 'POST', imagesPath(otherTeamId, `/${imageId}/download-link`), {
      token: outsider.token,
    });
    expectStatus(foreign, 404);
    expectStatus(await send(t, 'DELETE', imagesPath(teamId, `/${imageId}`), { token: owner.token }), 204);
    expectStatus(await send(t, 'GET', url), 404);
  });
});
