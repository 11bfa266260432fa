// GET /dev/mailbox: what the embedded mail and SMS outboxes "sent", for a developer signing up locally
// and for end-to-end tests reading codes. Mounted only on the outbox driver outside production.
import { readFileSync } from 'node:fs';
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Database } from '../db';
import { outboxMessages } from '../db/schema';
import type { AppEnv } from '../http/env';
import { renderMailboxPage } from './mailbox-page';

export const DEV_MAILBOX_PATH = '/dev/mailbox';

export const mailboxMessageSchema = v.object({
  id: v.string(),
  channel: v.picklist(['email', 'sms']),
  to: v.string(),
  subject: v.nullable(v.string()),
  text: v.string(),
  /** The first six-digit code in the text, for tests and tired eyes. */
  code: v.nullable(v.string()),
  createdAt: v.string(),
});
export type MailboxMessage = v.InferOutput<typeof mailboxMessageSchema>;

const LIMIT = 200;
const stylesheet = readFileSync(new URL('./mailbox.css', import.meta.url), 'utf8');

async function readMailbox(db: Database, to: string | undefined): Promise<MailboxMessage[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(to ? eq(outboxMessages.to, to) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(LIMIT);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel === 'sms' ? 'sms' : 'email',
    to: row.to,
    subject: row.subject,
    text: row.text,
    code: /\b(\d{6})\b/.exec(row.text)?.[1] ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export function devMailboxRoutes(db: Database): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  // ?to= narrows the list to one recipient (lower-cased e-mail or E.164 number).
  const recipient = (value: string | undefined) => value?.trim().toLowerCase() || undefined;
  router.get('/', async (c) => {
    const html = renderMailboxPage(await readMailbox(db, recipient(c.req.query('to'))), DEV_MAILBOX_PATH);
    return c.html(html);
  });
  router.get('/messages', async (c) =>
    c.json({ messages: await readMailbox(db, recipient(c.req.query('to'))) }),
  );
  router.get('/mailbox.css', (c) => c.body(stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  return router;
}
