// Text messages through a real SMS gateway: Debian's Kannel (bearerbox + smsbox, started here on loopback
// ports) connected over SMPP to an SMS centre this test runs — once made with npm's smpp package and once
// with Perl's Net::SMPP, so the driver is not only checked against one library. The server's app listens
// on a loopback port so Kannel's delivery reports reach it over HTTP as they would in production.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodeDelivery, codeDeliverySchema, currentSessionSchema } from '@/contract/auth';
import { smsMessages, verificationChallenges } from '../../server/db/schema';
import { KannelSms, SmsSender } from '../../server/drivers/sms';
import { createLogger } from '../../server/logger';
import { deliveryReportUrl } from '../../server/user/auth/sms-delivery-reports.routes';
import {
  buildIdentityTestApp,
  call,
  type IdentityTestApp,
  requestCode,
  signUp,
} from '../server/support/identity';
import { openTestDatabase, type TestDatabase } from '../server/support/test-database';
import { type KannelGateway, startKannel } from './support/kannel';
import { NpmSmppCentre } from './support/npm-smpp-centre';
import { PerlSmppCentre } from './support/perl-smpp-centre';
import { joinParts, type SmsCentre, type Submitted } from './support/sms-centre';

/** Numbers the simulated centres answer with a failed delivery receipt (stat:UNDELIV). */
const UNDELIVERABLE = new Set(['250788999001', '250788999002']);
const RETRY = { attempts: 3, delaysMs: [5_000], leaseMs: 60_000 };

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.dispose());

interface Gateway {
  t: IdentityTestApp;
  centre: SmsCentre;
  kannel: KannelGateway;
  driver: KannelSms;
  /** Where the app listens, as Kannel reaches it. */
  base: string;
  close(): Promise<void>;
}

async function openGateway(centre: SmsCentre & { start(): Promise<void> }): Promise<Gateway> {
  await centre.start();
  const kannel = await startKannel({ smscPort: centre.port });
  await centre.waitForBinds(1);
  let base = '';
  const driver = new KannelSms(
    {
      sendsmsUrl: kannel.sendsmsUrl,
      username: kannel.username,
      password: kannel.password,
      sender: 'Ikirere',
      smsc: undefined,
      reportUrl: undefined,
    },
    'test-instance-secret',
    (messageId, token) => deliveryReportUrl(base, messageId, token),
  );
  const t = buildIdentityTestApp(database.handle, {
    sms: driver,
    smsRetry: RETRY,
    config: { publicUrl: 'https://console.example.rw' },
  });
  const http: Server = createServer(getRequestListener(t.app.fetch));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    t,
    centre,
    kannel,
    driver,
    base,
    close: async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await kannel.remove();
      await centre.close();
    },
  };
}

let numberCounter = 0;
/** A Rwandan mobile number as typed, and the digits Kannel sends on SMPP, different for every call. */
function newNumber(): { typed: string; international: string } {
  numberCounter += 1;
  const subscriber = String(1_000 + numberCounter + Math.floor(Math.random() * 800) * 10).padStart(6, '0');
  return { typed: `0788 ${subscriber}`, international: `250788${subscriber}` };
}

async function askCode(g: Gateway, token: string, phoneNumber: string) {
  return requestCode(g.t, '/auth/phone-code', { country: 'RW', phoneNumber }, token);
}

async function deliveryOf(g: Gateway, token: string, challengeId: string): Promise<CodeDelivery> {
  const response = await call(g.t, 'GET', `/auth/phone-code/${challengeId}/delivery`, undefined, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(codeDeliverySchema, await response.json());
}

/** Asks for the delivery as the console does until it matches (the report comes from Kannel over HTTP). */
async function waitForDelivery(
  g: Gateway,
  token: string,
  challengeId: string,
  expected: Partial<CodeDelivery>,
  timeoutMs = 20_000,
): Promise<CodeDelivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const delivery = await deliveryOf(g, token, challengeId);
    if (Object.entries(expected).every(([key, value]) => delivery[key as keyof CodeDelivery] === value)) {
      return delivery;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `delivery stayed ${JSON.stringify(delivery)}, expected ${JSON.stringify(expected)}\n${g.kannel.logs()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the text with this id reaches a status (for texts that carry no code). */
async function waitForStatus(g: Gateway, id: string, status: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await g.t.identity.db.select().from(smsMessages).where(eq(smsMessages.id, id));
    if (row?.status === status) return;
    if (Date.now() > deadline) throw new Error(`text ${id} stayed ${row?.status}, expected ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const codeIn = (submit: Submitted) => /verification code is (\d{6})\./.exec(submit.text)?.[1];
const to = (number: string) => (submit: Submitted) => submit.destination === number;

describe.each([
  ['npm smpp', () => new NpmSmppCentre(UNDELIVERABLE), '001'],
  ['Perl Net::SMPP', () => new PerlSmppCentre(UNDELIVERABLE), '002'],
])('Kannel over SMPP to an SMS centre made with %s', (_name, makeCentre, unreachable) => {
  let g: Gateway;
  beforeAll(async () => {
    g = await openGateway(makeCentre());
  });
  afterAll(() => g?.close());

  it('takes a phone code to the centre in GSM 03.38, to the number in international form, and shows it delivered', async () => {
    const account = await signUp(g.t);
    const number = newNumber();
    const challenge = await askCode(g, account.token, number.typed);
    const [submit] = await g.centre.waitForSubmits(to(number.international));
    expect(submit).toMatchObject({
      destination: number.international,
      destTon: 1, // international
      destNpi: 1, // ISDN (E.164)
      source: 'Ikirere',
      sourceTon: 5, // alphanumeric
      dataCoding: 0, // the SMSC's default alphabet, GSM 03.38
    });
    expect(submit!.registeredDelivery & 1).toBe(1);
    expect(submit!.text).toMatch(/^Your Ikirere verification code is \d{6}\./);
    // Digits, letters and spaces have the same octets in GSM 03.38 as in ASCII; @ is 0x00.
    if (submit!.raw) expect(submit!.raw).toEqual(Buffer.from(submit!.text.replace('@', '\0'), 'latin1'));

    await waitForDelivery(g, account.token, challenge.challengeId, {
      status: 'delivered',
      gateway: 'kannel',
    });
    const verified = await call(
      g.t,
      'POST',
      '/auth/phone-code/verify',
      { challengeId: challenge.challengeId, code: codeIn(submit!) },
      { token: account.token },
    );
    expect(verified.status).toBe(200);
    expect(v.parse(currentSessionSchema, await verified.json()).user.phoneNumber).toBe(
      `+${number.international}`,
    );
  });

  it('sends UCS-2 when a character is outside GSM 03.38, and GSM (with its own octets) when every one fits', async () => {
    const outside = newNumber().international;
    const inside = newNumber().international;
    const kinyarwanda = 'Muraho Françoise Uwĩmana, ikaze kuri Ikirere.';
    const french = 'Bonjour Élodie, à demain: 5€ {ok}';
    const texts = g.t.identity.texts;
    await texts.attempt(await texts.queue({ to: `+${outside}`, text: kinyarwanda }));
    await texts.attempt(await texts.queue({ to: `+${inside}`, text: french }));
    const [ucs2] = await g.centre.waitForSubmits(to(outside));
    const [gsm] = await g.centre.waitForSubmits(to(inside));
    expect(ucs2).toMatchObject({ dataCoding: 8, text: kinyarwanda });
    expect(gsm).toMatchObject({ dataCoding: 0, text: french });
    if (ucs2!.raw) expect(ucs2!.raw).toEqual(Buffer.from(kinyarwanda, 'utf16le').swap16());
    if (gsm!.raw) {
      // É is 0x1F in the default alphabet; € and { need the escape 0x1B (0x1B 0x65, 0x1B 0x28).
      expect(gsm!.raw.includes(Buffer.from([0x1f]))).toBe(true);
      expect(gsm!.raw.includes(Buffer.from([0x1b, 0x65]))).toBe(true);
      expect(gsm!.raw.includes(Buffer.from([0x1b, 0x28]))).toBe(true);
    }
  });

  it('splits a long text into concatenated parts that join again, in either coding', async () => {
    const gsmNumber = newNumber().international;
    const ucsNumber = newNumber().international;
    const longGsm = `Ikirere: ${'your compute kgl1-web-01 is running low on balance; top up to keep it on. '.repeat(4)}`;
    const longUcs = `Mwaramutse Françoise: ${'konti yawe irakeneye amafaranga; ongeraho kugira ngo ikomeze. '.repeat(2)}`;
    const texts = g.t.identity.texts;
    await texts.attempt(await texts.queue({ to: `+${gsmNumber}`, text: longGsm }));
    await texts.attempt(await texts.queue({ to: `+${ucsNumber}`, text: longUcs }));
    const gsmParts = await g.centre.waitForSubmits(to(gsmNumber), 2);
    const ucsParts = await g.centre.waitForSubmits(to(ucsNumber), 3);
    for (const part of gsmParts) expect(part.esmClass & 0x40).toBe(0x40); // a user data header
    expect(joinParts(gsmParts)).toMatchObject({ total: 2, text: longGsm });
    expect(gsmParts.every((part) => part.dataCoding === 0)).toBe(true);
    expect(joinParts(ucsParts)).toMatchObject({ total: 3, text: longUcs });
    expect(ucsParts.every((part) => part.dataCoding === 8)).toBe(true);
    // Nothing more than the parts went.
    expect(g.centre.submits.filter(to(gsmNumber))).toHaveLength(2);
  });

  it('shows a text the network could not deliver as not delivered, saying it was the network', async () => {
    const account = await signUp(g.t);
    const challenge = await askCode(g, account.token, `0788 999 ${unreachable}`);
    await g.centre.waitForSubmits(to(`250788999${unreachable}`));
    const delivery = await waitForDelivery(g, account.token, challenge.challengeId, {
      status: 'undelivered',
    });
    expect(delivery.reason).toBe('network');
    const [row] = await g.t.identity.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.challengeId, challenge.challengeId));
    // What the centre said is kept, without the start of the text its receipt repeats.
    expect(row).toMatchObject({ status: 'undelivered', error: 'stat:UNDELIV err:001', text: null });
  });
});

describe('when Kannel or the SMS centre is down', () => {
  let g: Gateway;
  let centre: NpmSmppCentre;
  beforeAll(async () => {
    centre = new NpmSmppCentre(UNDELIVERABLE);
    g = await openGateway(centre);
  });
  afterAll(() => g?.close());

  it('keeps a code Kannel took while the centre dropped the connection, and delivers it once the centre is back', async () => {
    const account = await signUp(g.t);
    const number = newNumber();
    await centre.goDown();
    await g.kannel.waitForCentre('re-connecting');
    const challenge = await askCode(g, account.token, number.typed);
    // Kannel answered "3: Queued for later delivery": sent, but waiting for the network.
    await g.t.identity.deliveries.settled();
    await waitForDelivery(g, account.token, challenge.challengeId, {
      status: 'sent',
      waitingForNetwork: true,
    });
    expect(centre.submits.filter(to(number.international))).toHaveLength(0);

    await centre.comeBack();
    const [submit] = await centre.waitForSubmits(to(number.international));
    await waitForDelivery(g, account.token, challenge.challengeId, {
      status: 'delivered',
      waitingForNetwork: false,
    });
    expect(codeIn(submit!)).toMatch(/^\d{6}$/);
    expect(centre.submits.filter(to(number.international))).toHaveLength(1);
  });

  it('retries a code Kannel did not take, with a clear message, the same code and no new one, until Kannel is back', async () => {
    const account = await signUp(g.t);
    const number = newNumber();
    await g.kannel.stop();
    const challenge = await askCode(g, account.token, number.typed);
    await g.t.identity.deliveries.settled();
    expect(await deliveryOf(g, account.token, challenge.challengeId)).toMatchObject({
      status: 'sending',
      retrying: true,
    });
    const port = new URL(g.kannel.sendsmsUrl).port;
    expect(g.t.logs.lines).toContainEqual(
      expect.objectContaining({
        msg: 'text message not sent; will try again',
        reason: `Kannel did not answer at 127.0.0.1:${port}: connection refused (is smsbox running?).`,
      }),
    );
    // No log line holds the password or the text.
    expect(JSON.stringify(g.t.logs.lines)).not.toContain(g.kannel.password);
    expect(JSON.stringify(g.t.logs.lines)).not.toContain('verification code is');

    // Not due yet: nothing is tried before the wait is over.
    expect(await g.t.identity.texts.sweep()).toBe(0);
    g.t.clock.advance(RETRY.delaysMs[0]!);
    expect(await g.t.identity.texts.sweep()).toBe(1); // the second attempt, Kannel still down

    const binds = centre.bindCount;
    await g.kannel.start();
    await centre.waitForBinds(binds + 1);
    g.t.clock.advance(RETRY.delaysMs[0]!);
    expect(await g.t.identity.texts.sweep()).toBe(1); // the third: Kannel takes it
    const [submit] = await centre.waitForSubmits(to(number.international));
    await waitForDelivery(g, account.token, challenge.challengeId, { status: 'delivered' });
    expect(centre.submits.filter(to(number.international))).toHaveLength(1);

    // The code that arrived is the one issued: one challenge, and it verifies.
    const challenges = await g.t.identity.db
      .select()
      .from(verificationChallenges)
      .where(eq(verificationChallenges.address, `+${number.international}`));
    expect(challenges).toHaveLength(1);
    const verified = await call(
      g.t,
      'POST',
      '/auth/phone-code/verify',
      { challengeId: challenge.challengeId, code: codeIn(submit!) },
      { token: account.token },
    );
    expect(verified.status).toBe(200);
  });

  it('gives up after the allowed attempts and shows the code as not delivered by the gateway', async () => {
    const account = await signUp(g.t);
    const number = newNumber();
    await g.kannel.stop();
    const challenge = await askCode(g, account.token, number.typed);
    await g.t.identity.deliveries.settled();
    for (let attempt = 2; attempt <= RETRY.attempts; attempt += 1) {
      g.t.clock.advance(RETRY.delaysMs[0]!);
      expect(await g.t.identity.texts.sweep()).toBe(1);
    }
    g.t.clock.advance(60_000);
    expect(await g.t.identity.texts.sweep()).toBe(0);
    expect(await deliveryOf(g, account.token, challenge.challengeId)).toMatchObject({
      status: 'undelivered',
      reason: 'gateway',
    });
    expect(g.t.logs.lines).toContainEqual(
      expect.objectContaining({ msg: 'text message could not be sent; giving up', attempt: RETRY.attempts }),
    );
    const binds = centre.bindCount;
    await g.kannel.start();
    await centre.waitForBinds(binds + 1);
  });

  it('sends each text once when two servers sweep the same due texts at the same moment', async () => {
    const numbers = [newNumber(), newNumber(), newNumber(), newNumber()].map((n) => n.international);
    const texts = g.t.identity.texts;
    const ids: string[] = [];
    for (const number of numbers) ids.push(await texts.queue({ to: `+${number}`, text: `Hello ${number}` }));
    const otherServer = new SmsSender(g.t.identity.db, g.t.clock, createLogger('silent'), g.driver, RETRY);
    const [mine, theirs] = await Promise.all([texts.sweep(), otherServer.sweep()]);
    expect(mine + theirs).toBe(numbers.length);
    for (const id of ids) await waitForStatus(g, id, 'delivered');
    for (const number of numbers) expect(centre.submits.filter(to(number))).toHaveLength(1);
  });

  it('refuses and logs a forged delivery report, and changes nothing', async () => {
    const number = newNumber().international;
    // Queued and never sent: a report saying it was delivered would be a lie.
    const id = await g.t.identity.texts.queue({ to: `+${number}`, text: 'Not sent yet' });
    const report = (token: string | undefined) =>
      fetch(
        `${g.base}/user/api/v1/sms/kannel/delivery-reports/${id}?${new URLSearchParams({
          ...(token === undefined ? {} : { token }),
          type: '1',
          answer: 'id:x stat:DELIVRD err:000',
        })}`,
      );
    const otherId = await g.t.identity.texts.queue({ to: `+${number}`, text: 'Another' });
    const forged = [
      undefined,
      'forged',
      g.driver.reportToken(otherId),
      g.driver.reportToken(id).slice(0, -1),
    ];
    for (const token of forged) {
      const response = await report(token);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
    const [row] = await g.t.identity.db.select().from(smsMessages).where(eq(smsMessages.id, id));
    expect(row).toMatchObject({ status: 'queued', text: 'Not sent yet' });
    expect(
      g.t.logs.lines.filter(
        (line) => line.msg === 'delivery report refused: its token is not the one given for this text',
      ),
    ).toHaveLength(forged.length);
    // The token Kannel is given for this text is taken.
    expect((await report(g.driver.reportToken(id))).status).toBe(204);
    await waitForStatus(g, id, 'delivered');
  });
});
