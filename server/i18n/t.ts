// `t` for the server's own words (server/i18n/catalogs/<language>.json: problems, e-mails, texts, the
// invoice PDF, history), and the shared catalogs' (the contract's messages), in the language of the request
// or recipient at hand (./languages.ts).
import { type MessageId, type MessageValues, t as sharedT } from '@/i18n/state';
import type serverEn from './catalogs/en.json';
import './languages';

export type ServerMessageId = keyof typeof serverEn;

/** The message (the server's, or a shared one) in the language of the request or recipient at hand. */
export function t(id: ServerMessageId | MessageId, values?: MessageValues): string {
  return (sharedT as (id: string, values?: MessageValues) => string)(id, values);
}
