// Text the API accepts in any field: no control characters other than tab, line feed and carriage return
// (a NUL cannot even be stored by PostgreSQL), and no half of a UTF-16 surrogate pair without its other half
// (it cannot be written as UTF-8). The server checks every string of every request against this.

import { t } from '@/i18n/state';

/** Why such text is refused, in the language of whoever is told. */
export const unsafeTextMessage = (): string => t('contract.text.unsafe');

export function isSafeText(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20) {
      if (code !== 0x09 && code !== 0x0a && code !== 0x0d) return false;
    } else if (code >= 0x7f && code <= 0x9f) {
      return false;
    } else if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index += 1;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** The dot paths ("name", "records.2.value") of every string in `value` that is not safe text. */
export function unsafeTextPaths(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return isSafeText(value) ? [] : [path];
  if (Array.isArray(value))
    return value.flatMap((item, index) => unsafeTextPaths(item, join(path, String(index))));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      isSafeText(key) ? unsafeTextPaths(item, join(path, key)) : [join(path, key)],
    );
  }
  return [];
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}
