// User-data a compute is created with (issue 26): a `#cloud-config` document or a script, handed to the
// image's cloud-init beside the seed's own settings (server/drivers/compute/libvirt/cloud-init-seed.ts).
// Checked the same way by the console, as the person types, and by the server.
//
// Accepted: `#cloud-config` (YAML, parsed here with the `yaml` package so a mistake is named with its line)
// and `#!` scripts (run once, at the end of the first boot). Refused: `#include` (the guest would fetch URLs
// at boot, which nothing here can check and a guest behind restricted networking cannot reach),
// `#cloud-boothook` and `#part-handler` (run at every boot, before our own settings are applied), and MIME
// or gzip archives (we make the multipart ourselves, and cannot read into a compressed one).
import * as v from 'valibot';
import { isMap, LineCounter, parseDocument } from 'yaml';
import { firstLine, USER_DATA_MAX_BYTES, userDataKind } from './user-data-kind';

const ACCEPTED = 'Start with "#cloud-config" (a YAML document) or "#!" (a script, like #!/bin/sh).';

const bytesOf = (text: string) => new TextEncoder().encode(text).length;

/** Why this user-data cannot be used, in words for beside the field; null when it can. */
export function userDataProblem(text: string): string | null {
  const bytes = bytesOf(text);
  if (bytes > USER_DATA_MAX_BYTES) {
    const kib = (bytes / 1024).toFixed(1);
    return `Use at most 64 KiB of user-data; this is ${kib} KiB (counted in UTF-8 bytes).`;
  }
  const kind = userDataKind(text);
  if (kind === null) {
    const line = firstLine(text);
    if (/^#(include|cloud-boothook|part-handler|upstart-job)\b/.test(line)) {
      return `${line.split(/\s/, 1)[0]} is not accepted here. ${ACCEPTED}`;
    }
    return ACCEPTED;
  }
  if (kind === 'script') return null;
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const [error] = document.errors;
  if (error) return `Line ${lines.linePos(error.pos[0]).line}: ${sentence(error.message)}`;
  const contents = document.contents;
  if (contents && !isMap(contents)) {
    const line = contents.range ? lines.linePos(contents.range[0]).line : 2;
    return `Line ${line}: A #cloud-config document is a set of keys (like "runcmd:" or "write_files:"), not a list or a single value.`;
  }
  return null;
}

const sentence = (message: string) => (/[.!?]$/.test(message) ? message : `${message}.`);

/** User-data as the create request (and rebuild) takes it: checked for size and kind, kept as written. */
export const userDataSchema = v.pipe(
  v.string('User-data is text: a #cloud-config document or a script.'),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = userDataProblem(dataset.value);
    if (problem) addIssue({ message: problem });
  }),
);
