// /teams/:teamId/images: a team's images — list, capture from a stopped compute, rename, delete, and the
// file itself (upload with PUT, download with GET, resumable with Range).

import type { Context } from 'hono';
import * as v from 'valibot';
import {
  captureImageRequestSchema,
  imageDownloadLinkSchema,
  imageListSchema,
  imageSchema,
  MAX_IMAGE_VIRTUAL_BYTES,
  renameImageRequestSchema,
  uploadImageQuerySchema,
} from '@/contract/images';
import { auditActor } from '../audit/audit-log';
import type { AppEnv } from '../http/env';
import { pathParam } from '../http/path-params';
import { problem } from '../http/problem';
import { defineRoutes, type Routes } from '../http/routes';
import { t } from '../i18n/t';
import { teamGuards } from '../tenancy/guards';
import { teamIdParams } from '../tenancy/params';
import { fieldProblem } from '../tenancy/problems';
import { downloadName, downloadOf } from './download';
import { DOWNLOAD_LINK_MS, type DownloadLinks } from './download-links';
import { ImageRefused } from './image-files';
import { findImage, listImages, toImage } from './image-record';
import type { ImageService } from './image-service';
import { imageParams } from './params';
import { downloadLinkNotFound, imageConflict, imageNotFound } from './problems';
import { receiveBody } from './upload-receiver';

/** An upload may be a little larger than the largest disk it holds (a qcow2's own tables). */
export const MAX_UPLOAD_BYTES = MAX_IMAGE_VIRTUAL_BYTES + 1024 ** 3;

/** A download link's token: base64url, a dot, base64url; anything else names no link (404). */
const downloadTokenParams = v.object({
  token: pathParam(v.pipe(v.string(), v.maxLength(512), v.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)), () =>
    downloadLinkNotFound(),
  ),
});

export function imagesRoutes(service: ImageService, links: DownloadLinks): Routes {
  const { db } = service;
  return defineRoutes('/teams/:teamId/images', 'Images')
    .use(service.deps.computes.started)
    .use(service.started)
    .add({
      method: 'get',
      path: '/',
      summary: 'List the team’s images, newest first',
      tokenScope: 'computes:read',
      guards: teamGuards(),
      request: { params: teamIdParams },
      responses: { 200: { description: 'The images.', schema: imageListSchema } },
      handler: async (c) => c.json({ images: (await listImages(db, c.get('team').id)).map(toImage) }, 200),
    })
    .add({
      method: 'post',
      path: '/',
      summary: 'Capture a stopped compute’s disk as a team image',
      tokenScope: 'computes:read_write',
      description:
        'The disk is copied as it is into a standalone qcow2 (no backing file), which computes can then be made from, or downloaded. The compute must be stopped (409 with the reason otherwise) and takes no power action until the copy is done. Answers 202 with the image creating; it becomes available (or failed, with the reason) on the socket (image.updated) and in the compute’s history.',
      guards: teamGuards('resources.manage'),
      request: { params: teamIdParams, body: captureImageRequestSchema },
      responses: { 202: { description: 'The image, being captured.', schema: imageSchema } },
      handler: async (c, { body }) => {
        const image = await service.capture({
          teamId: c.get('team').id,
          actor: auditActor(c),
          computeId: body.computeId,
          name: body.name,
        });
        return c.json(image, 202);
      },
    })
    .add({
      method: 'get',
      path: '/:imageId',
      summary: 'Read one of the team’s images',
      tokenScope: 'computes:read',
      guards: teamGuards(),
      request: { params: imageParams },
      responses: { 200: { description: 'The image.', schema: imageSchema } },
      handler: async (c, { params }) => {
        const row = await findImage(db, c.get('team').id, params.imageId);
        if (!row) throw imageNotFound();
        return c.json(toImage(row), 200);
      },
    })
    .add({
      method: 'patch',
      path: '/:imageId',
      summary: 'Rename an image',
      tokenScope: 'computes:read_write',
      guards: teamGuards('resources.manage'),
      request: { params: imageParams, body: renameImageRequestSchema },
      responses: { 200: { description: 'The image with its new name.', schema: imageSchema } },
      handler: async (c, { params, body }) => {
        const image = await service.rename({
          teamId: c.get('team').id,
          imageId: params.imageId,
          name: body.name,
          actor: auditActor(c),
        });
        return c.json(image, 200);
      },
    })
    .add({
      method: 'delete',
      path: '/:imageId',
      summary: 'Delete an image and its file',
      tokenScope: 'computes:read_write',
      description:
        'Computes made from it keep their own disks. An image still being captured is 409: delete it once it is done.',
      guards: teamGuards('resources.manage'),
      request: { params: imageParams },
      responses: { 204: { description: 'The image is gone.' } },
      handler: async (c, { params }) => {
        await service.remove({ teamId: c.get('team').id, imageId: params.imageId, actor: auditActor(c) });
        return c.body(null, 204);
      },
    })
    .add({
      method: 'put',
      path: '/:imageId/file',
      summary: 'Upload an image: the body is the disk file itself, qcow2 or raw',
      tokenScope: 'computes:read_write',
      description:
        'Makes the image with the id in the path (choose a new UUID; an id already taken is 409). The body is streamed to disk, never held in memory; it needs a Content-Length (411 without). The file is checked from its header and with `qemu-img info` before anything is kept: qcow2 (version 2 or 3) or raw only, no backing file and no external data file (the host never opens another file on an image’s behalf), not encrypted, a virtual disk of at most the largest plan’s; then converted into a standalone qcow2. A refusal is 422 with the reason on `file`, a body ending short of its Content-Length too; nothing is kept either way. Answers 201 with the image, available.',
      guards: teamGuards('resources.manage'),
      maxBodyBytes: MAX_UPLOAD_BYTES,
      request: { params: imageParams, query: uploadImageQuerySchema },
      responses: { 201: { description: 'The image, available.', schema: imageSchema } },
      handler: async (c, { params, query }) => {
        const teamId = c.get('team').id;
        const length = c.req.header('Content-Length');
        if (!length || !/^\d+$/.test(length)) {
          return problem(c, 411, {
            detail: t('images.problem.lengthRequired'),
          });
        }
        if (await service.imageIdTaken(params.imageId)) {
          throw imageConflict(t('images.problem.idTaken'));
        }
        const received = service.deps.files.temporaryPath();
        await service.deps.files.ready();
        try {
          await receiveBody(c.req.raw.body, Number(length), received);
        } catch (error) {
          if (error instanceof ImageRefused) throw fieldProblem('file', error.message);
          throw error;
        }
        const image = await service.upload({
          teamId,
          imageId: params.imageId,
          actor: auditActor(c),
          name: query.name,
          operatingSystemId: query.operatingSystemId,
          received,
        });
        return c.json(image, 201);
      },
    })
    .add({
      method: 'get',
      path: '/:imageId/file',
      summary: 'Download an image’s file (a standalone qcow2)',
      tokenScope: 'computes:read',
      description:
        'Streamed; resumable with a byte Range (206 with Content-Range; 416 for a range past the end) and If-Range with the ETag. An image not yet available is 409.',
      guards: teamGuards(),
      request: { params: imageParams },
      responses: {
        200: { description: 'The whole file (application/octet-stream).' },
        206: { description: 'The part of the file the Range asked for.' },
      },
      handler: async (c, { params }) => serveImageFile(c, service, c.get('team').id, params.imageId),
    })
    .add({
      method: 'post',
      path: '/:imageId/download-link',
      summary: 'A link that downloads the image’s file without signing in, for a browser’s own downloads',
      tokenScope: 'computes:read',
      description: `The link works for ${DOWNLOAD_LINK_MS / 3_600_000} hours (resumable with Range like the file route), and stops when the image is deleted. Hand it to a browser or a download tool; it is as good as the file.`,
      guards: teamGuards(),
      request: { params: imageParams },
      responses: { 201: { description: 'The link and when it ends.', schema: imageDownloadLinkSchema } },
      handler: async (c, { params }) => {
        const teamId = c.get('team').id;
        const row = await findImage(db, teamId, params.imageId);
        if (!row) throw imageNotFound();
        if (row.status !== 'available') throw imageNotReady(row.status);
        const expiresAt = new Date(service.deps.clock.now().getTime() + DOWNLOAD_LINK_MS);
        const token = await links.sign({ teamId, imageId: row.id, expiresAt });
        // Beside this route, under the same service base path (/resource-manager/api/v1).
        const base = c.req.path.slice(0, c.req.path.indexOf('/teams/'));
        return c.json({ url: `${base}/image-downloads/${token}`, expiresAt: expiresAt.toISOString() }, 201);
      },
    });
}

/** /image-downloads/:token: an image's file through a download link, no session needed. */
export function imageDownloadRoutes(service: ImageService, links: DownloadLinks): Routes {
  return defineRoutes('/image-downloads', 'Images')
    .use(service.started)
    .add({
      method: 'get',
      path: '/:token',
      summary: 'Download an image’s file through a download link',
      // The link is the credential: no session, no API token.
      tokenScope: 'never',
      description:
        'Streamed and resumable with Range, like the file route. A link that ended, was altered, or whose image is gone answers 404.',
      request: { params: downloadTokenParams },
      responses: {
        200: { description: 'The whole file (application/octet-stream).' },
        206: { description: 'The part of the file the Range asked for.' },
      },
      handler: async (c, { params }) => {
        const claim = await links.verify(params.token, service.deps.clock.now());
        if (!claim) throw downloadLinkNotFound();
        return serveImageFile(c, service, claim.teamId, claim.imageId);
      },
    });
}

/** The image's file, whole or the part a Range asks for; 404 for another team's or a gone image. */
async function serveImageFile(c: Context<AppEnv>, service: ImageService, teamId: string, imageId: string) {
  const row = await findImage(service.db, teamId, imageId);
  if (!row) throw imageNotFound();
  if (row.status !== 'available') throw imageNotReady(row.status);
  const answer = await downloadOf(service.fileOf(row.id), {
    etag: `"${row.id}"`,
    filename: downloadName(row.name),
    range: c.req.header('Range'),
    ifRange: c.req.header('If-Range'),
  });
  if (answer.kind === 'unsatisfiable') {
    return problem(
      c,
      416,
      { detail: t('images.problem.rangePastEnd', { size: answer.size }) },
      { 'Content-Range': `bytes */${answer.size}` },
    );
  }
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

function imageNotReady(status: string) {
  return imageConflict(
    status === 'creating' ? t('images.problem.stillCapturing') : t('images.problem.failedNoFile'),
  );
}
