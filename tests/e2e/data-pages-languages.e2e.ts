// The team's data and networks pages (Images, Volumes, Firewalls, Private networks) in French and in
// Kinyarwanda on a phone (390 × 844), with real content in them — a volume attached to a running compute, a
// firewall with rules and a tag, a network with a member — and the create dialogs opened: each page speaks
// the account's language (its heading is the catalog's), shows none of these pages' English sentences, and
// does not scroll sideways (French and Kinyarwanda run longer than English).
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, newIdentity, type TestAccount, topUp, useAccount } from './accounts';
import { type ConsolePage, launchBrowser, openPage } from './browser';
import { elsewhere } from './elsewhere';
import { sidewaysScroll } from './page-checks';

const baseUrl = inject('baseUrl');
const rm = '/resource-manager/api/v1';
type Catalog = Record<string, string>;
const catalog = (locale: string) =>
  JSON.parse(readFileSync(`src/i18n/catalogs/console/${locale}.json`, 'utf8')) as Catalog;
const english = catalog('en');
const AREA = /^(images|volumes|firewalls|networks)\.|^contract\.(image|volume|firewall|network)\./;

/**
 * These pages' English sentences, as a page would show them: each message's words between its placeholders
 * (pieces of three words or more), left out where the language writes the same.
 */
function englishPieces(translation: Catalog): string[] {
  return Object.entries(english)
    .filter(([id, message]) => AREA.test(id) && !message.includes(', plural,'))
    .flatMap(([id, message]) =>
      message
        .split(/\{[^}]*\}/)
        .map((piece) => piece.trim().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))
        .filter((piece) => piece.split(/\s+/).length >= 3 && !translation[id]!.includes(piece)),
    );
}

async function json<T>(account: TestAccount, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

let browser: Browser;
afterAll(async () => {
  await browser?.close();
});
beforeAll(async () => {
  browser = await launchBrowser();
});

describe.each(['fr', 'rw'])('the data and networks pages in %s, 390 px wide', (locale) => {
  const words = catalog(locale);
  let account: TestAccount;
  let view: ConsolePage;
  const ids = { volume: '', firewall: '', network: '' };

  beforeAll(async () => {
    account = await createAccount(baseUrl, newIdentity(locale === 'fr' ? 'Fanny Volume' : 'Keza Ububiko'));
    await topUp(baseUrl, account);
    await json(account, 'PATCH', '/user/api/v1/users/me', { locale });
    const api = elsewhere(baseUrl, account);
    const teamId = await api.teamId();
    const team = `${rm}/teams/${teamId}`;
    const computeId = (await api.createCompute(teamId, `a-rather-long-hostname-${locale}-1`)).body.compute.id;
    for (let tries = 0; (await api.compute(teamId, computeId)).body.status !== 'running'; tries++) {
      if (tries > 300) throw new Error('the compute never ran');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    type Made<K extends string> = Record<K, { id: string }>;
    const volume = await json<Made<'volume'>>(account, 'POST', `${team}/volumes`, {
      name: 'a-rather-long-volume-name',
      sizeGb: 20,
      locationId: 'kgl1',
    });
    ids.volume = volume.volume.id;
    await json(account, 'POST', `${team}/volumes/${ids.volume}/attach`, { computeId });
    const firewall = await json<Made<'firewall'>>(account, 'POST', `${team}/firewalls`, {
      name: 'a-rather-long-firewall-name',
      rules: [
        { protocol: 'tcp', ports: '8000-8999', sources: ['203.0.113.0/24', '2001:db8::/32'] },
        { protocol: 'icmp', ports: null, sources: ['0.0.0.0/0', '::/0'] },
      ],
      computeIds: [computeId],
      tags: ['web'],
    });
    ids.firewall = firewall.firewall.id;
    const network = await json<Made<'network'>>(account, 'POST', `${team}/networks`, {
      name: 'a-rather-long-private-network-name',
      ipv4Block: '172.16.128.0/24',
    });
    ids.network = network.network.id;
    await json(account, 'POST', `${team}/networks/${ids.network}/members`, { computeId });
    view = await openPage(browser, baseUrl);
    await view.page.setViewportSize({ width: 390, height: 844 });
    await useAccount(view.page, account);
    // The language this browser remembers (the account's, as Account settings would have set it).
    await view.page.addInitScript((chosen) => localStorage.setItem('locale', JSON.stringify(chosen)), locale);
  });
  afterAll(async () => {
    await view?.page.close();
  });

  /** What is wrong with the page shown: English left, or something past the screen's right edge. */
  async function problems(): Promise<string[]> {
    const { page } = view;
    await page.waitForLoadState('networkidle');
    const text = await page.locator('body').innerText();
    const english = englishPieces(words).filter((piece) => text.includes(piece));
    return [...english.map((piece) => `English: “${piece}”`), ...(await sidewaysScroll(view, false))];
  }

  const pages: Array<[string, () => string, string]> = [
    ['/images', () => '/images', 'images.title'],
    ['/volumes', () => '/volumes', 'volumes.title'],
    ['a volume', () => `/volumes/${ids.volume}`, ''],
    ['/firewalls', () => '/firewalls', 'firewalls.title'],
    ['/firewalls/new', () => '/firewalls/new', 'firewalls.new.title'],
    ['a firewall', () => `/firewalls/${ids.firewall}`, ''],
    ['/networks', () => '/networks', 'networks.title'],
    ['/networks/new', () => '/networks/new', 'networks.new.title'],
    ['a network', () => `/networks/${ids.network}`, ''],
  ];

  it.each(pages)('%s speaks it and fits', async (_, path, heading) => {
    await view.page.goto(path());
    const title = heading ? words[heading]! : /^a-rather-long-/;
    await view.page.locator('main h1').filter({ hasText: title }).first().waitFor();
    expect(await problems()).toEqual([]);
  });

  it('asks before making a volume, with its price, in it', async () => {
    const { page } = view;
    await page.goto('/volumes');
    await page.getByRole('button', { name: words['volumes.create'] }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: words['volumes.form.name'] }).fill('logs');
    await dialog.getByRole('button', { name: words['volumes.form.continue'] }).click();
    const asked = words['volumes.form.confirm']!.split('{price}')[1]!.trim();
    await dialog.getByText(asked.slice(0, 20), { exact: false }).waitFor();
    expect(await problems()).toEqual([]);
    await dialog.getByRole('button', { name: words['volumes.form.back'] }).click();
    await dialog.getByRole('button', { name: words['volumes.cancel'] }).click();
  });

  it('opens the upload of an image in it', async () => {
    const { page } = view;
    await page.goto('/images');
    await page.getByRole('button', { name: words['images.upload'] }).first().click();
    await page.getByRole('dialog').getByText(words['images.uploadDialog.lead']!).waitFor();
    expect(await problems()).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: words['images.cancel'] }).click();
  });
});
