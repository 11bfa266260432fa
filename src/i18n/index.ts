// The console's words and the person's own time (issue 30). `t(id, values)` gives a message of the
// catalog of the language in use (src/i18n/catalogs/<language>.json, ICU MessageFormat); components read
// it through `useT()` so they render again when the language or the time zone changes.
import { createElement, Fragment, type ReactNode, useSyncExternalStore } from 'react';
import type { Locale } from './locales';
import { currentLocale, type MessageId, stateVersion, subscribe, type Translate, t } from './state';

export type { MessageId, Translate } from './state';
export { setTimeZone, t } from './state';

/** `t` for a component: it renders again when the language or the time zone changes. */
export function useT(): Translate {
  useSyncExternalStore(subscribe, stateVersion);
  return t;
}

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale);
}

/**
 * A message with parts that are elements ("Check the inbox of {address}." with the address in bold): each
 * named value is put in its place in the translated sentence, wherever the language puts it.
 */
export function tRich(id: MessageId, parts: Record<string, ReactNode>): ReactNode {
  const marks = Object.fromEntries(Object.keys(parts).map((name) => [name, `\u0000${name}\u0000`]));
  const pieces = t(id, marks).split('\u0000');
  return createElement(
    Fragment,
    null,
    ...pieces.map((piece, index) => (index % 2 === 1 && piece in parts ? parts[piece] : piece)),
  );
}
