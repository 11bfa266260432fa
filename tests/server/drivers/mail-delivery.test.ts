// Where codes go: SMTP through nodemailer when configured (checked against a real SMTP server in this
// process), else the outbox and its development mailbox page, which production never serves.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailDriver, createSmtpMail } from '../../../server/drivers/mail';
import { createLogger } from '../../../server/logger';
import {
  buildIdentityTestApp,
  call,
  type IdentityTestApp,
  requestCode,
  signUp,
  uniqueEmail,
} from '../support/identity';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let database: TestDatabase;
let smtp: SMTPServer;
let smtpPort: number;
const received: Received[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await database?.dispose();
});

describe('SMTP', () => {
  it('delivers the sign-up code to the SMTP server, from MAIL_FROM', async () => {
    const mail = createSmtpMail({
      url: `smtp://127.0.0.1:${smtpPort}`,
      from: 'Ikirere <no-reply@ikirere.test>',
      logger: createLogger('silent'),
    });
    const t = buildIdentityTestApp(database.handle, { mail });
    const email = uniqueEmail('smtp');
    await requestCode(t, '/auth/signup', { name: 'Mail Reader', email });
    await t.identity.deliveries.settled();
    await mail.close();

    const message = received.find((entry) => entry.to.includes(email));
    expect(message).toBeDefined();
    expect(message!.from).toBe('no-reply@ikirere.test');
    expect(message!.raw).toMatch(/^From: Ikirere <no-reply@ikirere\.test>/m);
    expect(message!.raw).toMatch(/^Subject: Confirm your e-mail address for Ikirere/m);
    expect(message!.raw).toMatch(/\b\d{6}\b/);
    // Nothing is kept in the outbox, and the mailbox page does not exist on this driver.
    expect((await call(t, 'GET', '/dev/mailbox/messages')).status).toBe(404);
  });

  it('is chosen when SMTP_URL is set, the outbox otherwise', () => {
    const logger = createLogger('silent');
    const args = { from: 'x@example.com', db: database.handle.db, logger };
    expect(createMailDriver({ ...args, smtpUrl: `smtp://127.0.0.1:${smtpPort}` }).kind).toBe('smtp');
    expect(createMailDriver({ ...args, smtpUrl: undefined }).kind).toBe('outbox');
  });

  it('logs a failed delivery without failing the request that asked for it', async () => {
    const mail = createSmtpMail({
      url: 'smtp://127.0.0.1:9',
      from: 'x@example.com',
      logger: createLogger('silent'),
    });
    const t = buildIdentityTestApp(database.handle, { mail });
    const response = await call(t, 'POST', '/auth/email-code', { email: uniqueEmail() });
    expect(response.status).toBe(200);
    await t.identity.deliveries.settled();
    expect(t.logs.lines).toContainEqual(
      expect.objectContaining({ msg: 'message delivery failed', delivery: 'signin e-mail' }),
    );
  });
});

describe('the outbox and the development mailbox', () => {
  let t: IdentityTestApp;
  beforeAll(() => {
    t = buildIdentityTestApp(database.handle);
  });

  it('logs the recipient and subject of each message, never its text', async () => {
    const email = uniqueEmail('logged');
    await requestCode(t, '/auth/signup', { name: 'Logged', email });
    await t.identity.deliveries.settled();
    const line = t.logs.lines.find((entry) => entry.to === email);
    expect(line).toMatchObject({
      msg: 'e-mail kept in the outbox',
      subject: 'Confirm your e-mail address for Ikirere',
    });
    expect(JSON.stringify(line)).not.toMatch(/\b\d{6}\b/);
  });

  it('lists messages newest first as JSON, e-mail and SMS alike', async () => {
    const email = uniqueEmail('json');
    const account = await signUp(t, 'Json Reader', email);
    await requestCode(t, '/auth/phone-code', { country: 'RW', phoneNumber: '0788 400 001' }, account.token);
    await t.identity.deliveries.settled();

    const all = (await (await call(t, 'GET', '/dev/mailbox/messages')).json()) as {
      messages: { to: string; channel: string; code: string | null; subject: string | null }[];
    };
    expect(all.messages[0]).toMatchObject({
      channel: 'sms',
      to: '+250788400001',
      subject: null,
      code: expect.stringMatching(/^\d{6}$/),
    });
    const mine = (await (
      await call(t, 'GET', `/dev/mailbox/messages?to=${encodeURIComponent(email.toUpperCase())}`)
    ).json()) as typeof all;
    expect(mine.messages).toEqual([expect.objectContaining({ to: email, channel: 'email' })]);
  });

  it('shows a readable page under the strict CSP: no script, no inline style, codes easy to spot', async () => {
    const email = uniqueEmail('<b>page</b>');
    await requestCode(t, '/auth/signup', {
      name: '<script>alert(1)</script>',
      email: email.replace('<b>page</b>', 'page'),
    });
    await t.identity.deliveries.settled();
    const response = await call(t, 'GET', '/dev/mailbox');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(response.headers.get('Content-Security-Policy')).toContain("style-src 'self'");
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Development mailbox</h1>');
    expect(html).toContain('<link rel="stylesheet" href="/dev/mailbox/mailbox.css">');
    expect(html).toMatch(/<dt>Code<\/dt><dd class="code">\d{6}<\/dd>/);
    expect(html).toMatch(/<mark>\d{6}<\/mark>/);
    expect(html).not.toMatch(/<script|style=|<style/);
    expect(html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;');

    const css = await call(t, 'GET', '/dev/mailbox/mailbox.css');
    expect(css.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
  });

  it('is not served in production', async () => {
    const production = buildIdentityTestApp(database.handle, { config: { production: true } });
    for (const path of ['/dev/mailbox', '/dev/mailbox/messages', '/dev/mailbox/mailbox.css']) {
      const response = await call(production, 'GET', path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('Content-Type')).toBe('application/problem+json');
    }
  });
});
