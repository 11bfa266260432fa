// Domains as a new user would use them: add a domain, add A, AAAA, CNAME, MX, TXT, SRV and CAA records
// through their pages, then ask the embedded DNS server over UDP and TCP and get them back; a bad value
// shows its message beside the field and keeps the input.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, newIdentity, useAccount } from './accounts';
import { expectNoAxeViolations, launchBrowser, openPage } from './browser';
import { queryTcp, queryUdp } from './dns-client';

const baseUrl = inject('baseUrl');
const dnsPort = inject('dnsPort');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Fills a record type's form (labels as SPEC §3 names them) and adds the record. */
async function addRecord(page: Page, zone: string, type: string, fields: Record<string, string>) {
  await page.goto(`/domains/${zone}/${type}`);
  const form = page.getByRole('form', { name: `Add ${type} record` });
  await form.waitFor();
  for (const [label, value] of Object.entries(fields)) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  await form.getByRole('button', { name: `Add ${type} record` }).click();
  await page.getByText(`${type} record`, { exact: false }).filter({ hasText: 'added' }).first().waitFor();
  // The form is blank again, ready for the next record.
  await expect(form.getByLabel('Value', { exact: true }).inputValue()).resolves.toBe('');
}

describe('domains in Chromium', () => {
  it('adds a domain and its records through the pages, and the DNS server answers with them', async () => {
    const account = await createAccount(baseUrl, newIdentity('Dana Domains'));
    const { page, problems } = await openPage(browser, baseUrl);
    await useAccount(page, account);
    const zone = `shop-${randomUUID().slice(0, 8)}.rw`;

    await page.goto('/domains');
    await page.getByRole('link', { name: 'Add your first domain' }).click();
    await page.waitForURL('**/register-domain');
    await expectNoAxeViolations(page);
    const name = page.getByLabel('Domain name');
    await name.fill('not a domain');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page
      .getByText(/letters, digits and hyphens|two parts|not a domain/i)
      .first()
      .waitFor();
    await expect(name.inputValue()).resolves.toBe('not a domain');
    await name.fill(zone);
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('heading', { name: 'Name servers at your registrar' }).waitFor();
    await page.getByText('ns1.ikirere.test').first().waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: `Go to the records of ${zone}` }).click();
    await page.getByRole('heading', { name: 'DNS records', exact: true }).waitFor();
    // The spec's sample records: two A records at ttl 1800.
    const samples = page.getByRole('row').filter({ hasText: '1800' });
    await samples.nth(1).waitFor();
    await expect(samples.count()).resolves.toBe(2);
    await expectNoAxeViolations(page);

    // A bad value is refused beside its field, and what was typed stays.
    await page.goto(`/domains/${zone}/A`);
    const aForm = page.getByRole('form', { name: 'Add A record' });
    await aForm.getByLabel('Hostname', { exact: true }).fill('api');
    await aForm.getByLabel('Value', { exact: true }).fill('300.1.2.3');
    await aForm.getByRole('button', { name: 'Add A record' }).click();
    await aForm.getByText(/IPv4/).first().waitFor();
    await expect(aForm.getByLabel('Value', { exact: true }).inputValue()).resolves.toBe('300.1.2.3');
    await expect(aForm.getByLabel('Hostname', { exact: true }).inputValue()).resolves.toBe('api');
    await expectNoAxeViolations(page);

    const longText = `v=DKIM1; k=rsa; p=${'A'.repeat(300)}`;
    await addRecord(page, zone, 'A', { Hostname: 'api', Value: '192.0.2.20', TTL: '300' });
    await addRecord(page, zone, 'AAAA', { Hostname: 'api', Value: '2001:DB8:0:0:0:0:0:20', TTL: '3600' });
    await addRecord(page, zone, 'CNAME', { Hostname: 'blog', Value: 'hosting.example.com', TTL: '3600' });

    // A number left empty is asked for beside its field: the placeholder (10) is a hint, not a value.
    await page.goto(`/domains/${zone}/MX`);
    const mxForm = page.getByRole('form', { name: 'Add MX record' });
    await mxForm.getByLabel('Hostname', { exact: true }).fill('@');
    await mxForm.getByLabel('Value', { exact: true }).fill('mail.example.com');
    await mxForm.getByRole('button', { name: 'Add MX record' }).click();
    await mxForm.getByText('Enter the priority, like 10 (lower numbers are tried first).').waitFor();
    await expect(mxForm.getByLabel('Value', { exact: true }).inputValue()).resolves.toBe('mail.example.com');
    await addRecord(page, zone, 'MX', { Hostname: '@', Value: 'mail.example.com', Priority: '10' });
    await addRecord(page, zone, 'TXT', { Hostname: '@', Value: longText });
    await addRecord(page, zone, 'SRV', {
      Service: '_sip._tcp',
      Value: 'sip.example.com',
      Priority: '10',
      Weight: '5',
      Port: '5060',
    });
    // SPEC §5: the CAA value is quoted; the refusal shows the form to copy.
    await page.goto(`/domains/${zone}/CAA`);
    const caaForm = page.getByRole('form', { name: 'Add CAA record' });
    await caaForm.getByLabel('Hostname', { exact: true }).fill('@');
    await caaForm.getByLabel('Value', { exact: true }).fill('0 issue letsencrypt.org');
    await caaForm.getByLabel('TTL', { exact: true }).fill('3600');
    await caaForm.getByRole('button', { name: 'Add CAA record' }).click();
    await caaForm.getByText('A CAA record needs the value in quotes: 0 issue "letsencrypt.org"').waitFor();
    await addRecord(page, zone, 'CAA', { Hostname: '@', Value: '0 issue "letsencrypt.org"', TTL: '3600' });
    await expectNoAxeViolations(page);

    // A record type that does not exist is not found, inside the domain's own pages.
    await page.goto(`/domains/${zone}/XYZ`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('heading', { name: zone, exact: true }).waitFor();

    // The record table lists them with the spec's columns.
    await page.goto(`/domains/${zone}?type=SRV`);
    await page
      .getByRole('columnheader', { name: 'Service' })
      .or(page.getByRole('columnheader', { name: 'Hostname' }))
      .first()
      .waitFor();
    await page.getByRole('cell', { name: 'sip.example.com', exact: true }).waitFor();

    // The embedded DNS server answers at once, over UDP and over TCP.
    const a = await queryUdp(dnsPort, `api.${zone}`, 'A');
    expect(a.flags! & 0x0400).toBeTruthy(); // authoritative
    expect(a.answers?.map((answer) => answer.data)).toEqual(['192.0.2.20']);
    expect(a.answers?.[0]?.ttl).toBe(300);
    const aaaa = await queryTcp(dnsPort, `API.${zone.toUpperCase()}`, 'AAAA');
    expect(aaaa.answers?.map((answer) => answer.data)).toEqual(['2001:db8::20']);
    const cname = await queryUdp(dnsPort, `blog.${zone}`, 'CNAME');
    expect(cname.answers?.[0]?.data).toBe('hosting.example.com');
    const mx = await queryTcp(dnsPort, zone, 'MX');
    expect(mx.answers?.[0]?.data).toEqual({ preference: 10, exchange: 'mail.example.com' });
    const txt = await queryTcp(dnsPort, zone, 'TXT');
    const strings = (txt.answers![0]!.data as Buffer[]).map((part) => part.toString());
    expect(strings.join('')).toBe(longText);
    expect(strings.every((part) => part.length <= 255)).toBe(true);
    const srv = await queryUdp(dnsPort, `_sip._tcp.${zone}`, 'SRV');
    expect(srv.answers?.[0]?.data).toEqual({
      priority: 10,
      weight: 5,
      port: 5060,
      target: 'sip.example.com',
    });
    const caa = await queryUdp(dnsPort, zone, 'CAA');
    expect(caa.answers?.[0]?.data).toMatchObject({ flags: 0, tag: 'issue', value: 'letsencrypt.org' });
    const missing = await queryUdp(dnsPort, `nothing-here.${zone}`, 'A');
    expect(missing.rcode).toBe('NXDOMAIN');
    expect(missing.authorities?.[0]?.type).toBe('SOA');

    // Edit a record from the table: the DNS server answers with the new value at once.
    await page.goto(`/domains/${zone}/A`);
    await page.getByRole('button', { name: 'Edit A api 192.0.2.20' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit A record api' });
    await edit.getByLabel('Value', { exact: true }).fill('192.0.2.21');
    await expectNoAxeViolations(page);
    await edit.getByRole('button', { name: 'Save record' }).click();
    await page.getByText('A record api saved').waitFor();
    expect((await queryUdp(dnsPort, `api.${zone}`, 'A')).answers?.map((answer) => answer.data)).toEqual([
      '192.0.2.21',
    ]);

    // Delete one: it is no longer answered.
    await page.goto(`/domains/${zone}/CNAME`);
    await page.getByRole('button', { name: 'Delete CNAME blog hosting.example.com' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete record' }).click();
    await page.getByText('CNAME record blog deleted').waitFor();
    expect((await queryUdp(dnsPort, `blog.${zone}`, 'CNAME')).rcode).toBe('NXDOMAIN');

    // Import a zone file by pasting it: a preview of what would change, then apply.
    await page.goto(`/domains/${zone}`);
    await page.getByRole('button', { name: 'Import zone file' }).click();
    const importing = page.getByRole('dialog', { name: `Import a zone file into ${zone}` });
    await importing
      .getByLabel('Zone text')
      .fill(`$ORIGIN ${zone}.\n$TTL 600\nftp IN A 192.0.2.30\nbad IN A 999.1.1.1\napi 300 IN A 192.0.2.21\n`);
    await importing.getByRole('button', { name: 'Preview' }).click();
    await importing.getByText('1 to add, 0 to change, 1 refused, 1 already there.').waitFor();
    await importing.getByText(/Line 4: .*999\.1\.1\.1/).waitFor();
    await expectNoAxeViolations(page);
    await importing.getByRole('button', { name: 'Apply 1 change' }).click();
    await page.getByText(`Imported into ${zone}`).waitFor();
    expect((await queryTcp(dnsPort, `ftp.${zone}`, 'A')).answers?.[0]?.data).toBe('192.0.2.30');

    // Export: the zone file downloads with the records in it.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export zone file' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${zone}.zone`);
    const { readFile } = await import('node:fs/promises');
    const text = await readFile((await file.path())!, 'utf8');
    expect(text).toMatch(/ftp\s+600\s+IN\s+A\s+192\.0\.2\.30/);

    expect(problems).toEqual([]);
  });

  it('signs a zone from its page, shows the DS for the registrar, and turns signing off in two steps', async () => {
    const account = await createAccount(baseUrl, newIdentity('Sami Signer'));
    const { page } = await openPage(browser, baseUrl);
    await useAccount(page, account);
    const zone = `signed-${randomUUID().slice(0, 8)}.rw`;
    await page.goto('/register-domain');
    await page.getByLabel('Domain name').fill(zone);
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('link', { name: `Go to the records of ${zone}` }).click();

    const dnssec = page.getByRole('region', { name: 'DNSSEC' });
    await dnssec.getByRole('button', { name: 'Sign this zone' }).click();
    const ds = dnssec.getByText(/^\d{1,5} 13 2 [0-9A-F]{64}$/);
    await ds.waitFor();
    const dsText = (await ds.textContent())!;
    await expectNoAxeViolations(page);
    // The embedded server answers the zone's key, and signs what it answers.
    const dnskey = await queryTcp(dnsPort, zone, 'DNSKEY');
    expect(dnskey.answers?.map((answer) => answer.type)).toEqual(['DNSKEY']);
    await page.reload();
    await dnssec.getByText(dsText).waitFor();

    // Turning off starts at the registrar: the DS to remove, then a check of the parent.
    await dnssec.getByRole('button', { name: 'Turn off DNSSEC' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /Step 1 of 2/ }).waitFor();
    await dialog.getByText(dsText).waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'I removed it: check the registrar' }).click();
    // Test zones are registered nowhere: the parent publishes no DS, or no resolver can say.
    const stepTwo = dialog.getByRole('heading', { name: /Step 2 of 2/ });
    const anyway = dialog.getByRole('button', { name: 'I removed it: turn off anyway' });
    await stepTwo.or(anyway).waitFor();
    if (await anyway.isVisible()) await anyway.click();
    else await dialog.getByRole('button', { name: 'Turn off DNSSEC' }).click();
    await page.getByText(`DNSSEC is off for ${zone}.`).waitFor();
    await dnssec.getByRole('button', { name: 'Sign this zone' }).waitFor();
    const after = await queryTcp(dnsPort, zone, 'DNSKEY');
    expect(after.answers ?? []).toEqual([]);
  });
});
