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
import { numberLocale } from '@/i18n/locales';
import { currentLocale, t, translated } from '@/i18n/state';
import { firstLine, USER_DATA_MAX_BYTES, userDataKind } from './user-data-kind';

const bytesOf = (text: string) => new TextEncoder().encode(text).length;

/**
 * Why this user-data cannot be used, in words for beside the field (in the language of whoever is told);
 * null when it can. A YAML mistake is named by the parser, in its own (English) words, after the line.
 */
export function userDataProblem(text: string): string | null {
  const bytes = bytesOf(text);
  if (bytes > USER_DATA_MAX_BYTES) {
    const kib = new Intl.NumberFormat(numberLocale(currentLocale()), {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }).format(bytes / 1024);
    return t('contract.userData.tooLarge', { kib });
  }
  const kind = userDataKind(text);
  if (kind === null) {
    const line = firstLine(text);
    if (/^#(include|cloud-boothook|part-handler|upstart-job)\b/.test(line)) {
      const directive = line.split(/\s/, 1)[0];
      return `${t('contract.userData.notAccepted', { directive })} ${t('contract.userData.accepted')}`;
    }
    return t('contract.userData.accepted');
  }
  if (kind === 'script') return null;
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const [error] = document.errors;
  if (error) {
    return t('contract.userData.line', {
      line: lines.linePos(error.pos[0]).line,
      problem: sentence(error.message),
    });
  }
  const contents = document.contents;
  if (contents && !isMap(contents)) {
    const line = contents.range ? lines.linePos(contents.range[0]).line : 2;
    return t('contract.userData.notMap', { line });
  }
  return null;
}

const sentence = (message: string) => (/[.!?]$/.test(message) ? message : `${message}.`);

/** User-data as the create request (and rebuild) takes it: checked for size and kind, kept as written. */
export const userDataSchema = v.pipe(
  v.string(translated('contract.userData.notText')),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = userDataProblem(dataset.value);
    if (problem) addIssue({ message: problem });
  }),
);
