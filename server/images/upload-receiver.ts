// Receives an upload's body into a file as it streams in: never held in memory, stopped as soon as it passes
// the declared length, and refused when it ends short of it (a dropped connection, a truncated file).
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { t } from '../i18n/t';
import { ImageRefused } from './image-files';

export async function receiveBody(
  body: ReadableStream<Uint8Array> | null,
  declaredLength: number,
  destination: string,
): Promise<void> {
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > declaredLength) callback(new ImageRefused(t('images.problem.upload.tooLong')));
      else callback(null, chunk);
    },
  });
  try {
    if (!body) throw new ImageRefused(t('images.problem.upload.noBody'));
    await pipeline(
      Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>),
      counter,
      createWriteStream(destination, { mode: 0o600, flags: 'wx' }),
    );
    if (received < declaredLength) {
      throw new ImageRefused(t('images.problem.upload.endedShort', { received, declaredLength }));
    }
  } catch (error) {
    await rm(destination, { force: true });
    if (error instanceof ImageRefused) throw error;
    throw new ImageRefused(t('images.problem.upload.brokeOff', { received, declaredLength }));
  }
}
