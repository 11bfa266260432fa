// Words the server writes down and shows later (a compute's history, a volume's, an activity entry), issue 30:
// stored as a message id with its values and translated when read, in the reader's language and zone
// (docs/translating.md), never stored translated. The English text is kept beside them for logs and for
// whatever reads the text column; a row written before ids were (text only) is shown as it was.
import type { Currency } from '@/contract/teams';
import { formatNumber } from '@/domain/helpers/numbers';
import { formatBillingMonth, formatDateTimeWithZone, formatUtcDay } from '@/domain/helpers/time';
import { formatMoney } from '@/domain/money';
import type { MessageId } from '@/i18n/state';
import { inLanguage } from './languages';
import { type ServerMessageId, t } from './t';

/**
 * A value inside a stored message: a plain string (a hostname, a name someone typed, a hypervisor's own
 * error text) or number shown as it is, an instant shown in the reader's zone, a billing day or month (UTC)
 * and an amount of money as the reader's language writes them, or a message of its own (translated too: a
 * reason inside a sentence).
 */
export type StoredValue =
  | string
  | number
  | { date: string }
  | { day: string }
  | { month: string }
  | { money: number; currency: Currency }
  | { gb: number }
  | MessageRef;
export type StoredValues = Record<string, StoredValue>;

/** The server's own messages, or a shared one the server loads too (a domain rule's words). */
export type StoredMessageId = ServerMessageId | MessageId;

/** A message to translate when read. */
export interface MessageRef {
  id: StoredMessageId;
  values?: StoredValues;
}

/** A message as written down: its id and values (none: words from before ids, shown as they are) and English. */
export interface StoredMessage {
  id?: StoredMessageId;
  values?: StoredValues;
  /** In English: for logs, for the text column, and as it is shown when the id is unknown. */
  text: string;
}

const ENGLISH = { locale: 'en', timeZone: 'UTC' } as const;

function isRef(value: StoredValue): value is MessageRef {
  return typeof value === 'object' && 'id' in value;
}

/** The message in the language at hand (the request's, or `inLanguage`'s). */
export function translate(ref: MessageRef): string {
  const values = Object.fromEntries(
    Object.entries(ref.values ?? {}).map(([name, value]) => {
      if (typeof value !== 'object') return [name, value];
      if (isRef(value)) return [name, translate(value)];
      if ('day' in value) return [name, formatUtcDay(value.day)];
      if ('month' in value) return [name, formatBillingMonth(value.month)];
      if ('money' in value) return [name, formatMoney(value.money, value.currency)];
      if ('gb' in value)
        return [name, formatNumber(value.gb, { minimumFractionDigits: 2, maximumFractionDigits: 2 })];
      return [name, formatDateTimeWithZone(value.date)];
    }),
  );
  return t(ref.id, values);
}

/** A catalog message as written down: it always has its id. */
export type CatalogMessage = MessageRef & StoredMessage;

/** A message to write down: its id, values and English text. */
export function message(id: StoredMessageId, values?: StoredValues): CatalogMessage {
  const ref = values ? { id, values } : { id };
  return { ...ref, text: inLanguage(ENGLISH, () => translate(ref)) };
}

/** A stored message as a value inside another: itself when it has an id, else its words as they are. */
export function asValue(stored: StoredMessage): StoredValue {
  return stored.id ? { id: stored.id, ...(stored.values ? { values: stored.values } : {}) } : stored.text;
}

/** Words with no id (a driver's or an older row's text), shown as they are in every language. */
export function untranslated(text: string): StoredMessage {
  return { text };
}

/** An instant as a message value, shown in the reader's zone with the zone named. */
export function dateValue(at: Date): { date: string } {
  return { date: at.toISOString() };
}

/** A UTC calendar day (billing's days) as a message value. */
export function dayValue(at: Date): { day: string } {
  return { day: at.toISOString().slice(0, 10) };
}

/** A billing month (UTC) as a message value: "November 2026" in the reader's language. */
export function monthValue(monthStart: Date): { month: string } {
  return { month: monthStart.toISOString().slice(0, 7) };
}

/** An amount in minor units as a message value, written as the reader's language writes money. */
export function moneyValue(amountMinor: number, currency: Currency): { money: number; currency: Currency } {
  return { money: amountMinor, currency };
}

/** A size in bytes as a message value: gigabytes with two decimals, as the reader's language writes them. */
export function gigabytesValue(bytes: number): { gb: number } {
  return { gb: bytes / 1024 ** 3 };
}

/** A stored message in the reader's language; its English text when it has no id (or one we no longer know). */
export function readStored(stored: StoredMessage): string {
  if (!stored.id) return stored.text;
  const read = translate({ id: stored.id, ...(stored.values ? { values: stored.values } : {}) });
  return read === stored.id ? stored.text : read;
}

/** A stored message from a text-and-id row's columns: null when it has no text. */
export function fromColumns(row: {
  message: string | null;
  messageId?: string | null;
  messageValues?: unknown;
}): StoredMessage | null {
  if (row.message === null) return null;
  return row.messageId
    ? {
        id: row.messageId as StoredMessageId,
        ...(row.messageValues ? { values: row.messageValues as StoredValues } : {}),
        text: row.message,
      }
    : { text: row.message };
}

/** What a row's message columns hold: the English text, the id and the values. */
export function toColumns(stored: StoredMessage | string | null | undefined): {
  message: string | null;
  messageId: string | null;
  messageValues: StoredValues | null;
} {
  if (stored === null || stored === undefined) return { message: null, messageId: null, messageValues: null };
  if (typeof stored === 'string') return { message: stored, messageId: null, messageValues: null };
  return { message: stored.text, messageId: stored.id ?? null, messageValues: stored.values ?? null };
}

/** A row's message in the reader's language (old rows: their text), or null. */
export function readColumns(row: {
  message: string | null;
  messageId?: string | null;
  messageValues?: unknown;
}): string | null {
  const stored = fromColumns(row);
  return stored && readStored(stored);
}

/** A message kept in a JSON document (a driver's last outcome): older documents hold its text only. */
export function storedMessageOf(value: unknown): StoredMessage | null {
  if (typeof value === 'string') return { text: value };
  if (value && typeof value === 'object' && typeof (value as StoredMessage).text === 'string')
    return value as StoredMessage;
  return null;
}
