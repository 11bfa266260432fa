// What billing sends and serves, in the language of whoever receives it (issue 30): the balance and invoice
// e-mails in each recipient's account's language (the grace period's end in their zone, named), the invoice
// PDF and CSV in the downloading owner's, the sandbox checkout page in the payer's (kept with the checkout: the
// browser opens it without a session).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rwFirstPages from '@/i18n/catalogs/first-pages/rw.json' with { type: 'json' };
import { billingPath, charge, startTopUp, topUpAndPay } from '../support/billing';
import { createCompute, waitForStatus } from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { expectStatus, mailTo, type Person, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
});

async function speaking(who: Person, locale: string, timeZone: string): Promise<Person> {
  expectStatus(await send(t, 'PATCH', '/users/me', { token: who.token, body: { locale, timeZone } }), 200);
  return who;
}

const FRENCH_MONTHS =
  /(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/;

describe('billing in the reader’s language', () => {
  it('e-mails a French owner and a Kinyarwanda billing address each in theirs, and serves the invoice in French', async () => {
    const owner = await speaking(await person(t, 'Amélie Owner'), 'fr', 'Europe/Paris');
    const keza = await speaking(await person(t, 'Keza Accounts'), 'rw', 'Africa/Kigali');
    const team = 'Équipe Nyarugenge';
    const teamId = await teamOf(t, owner, [], team);
    expectStatus(
      await send(t, 'PUT', billingPath(teamId, '/billing-profile'), {
        token: owner.token,
        body: { billingEmail: keza.email, lowBalanceThresholdMinor: 10_000, companyName: 'Nyarugenge SARL' },
      }),
      200,
    );

    // Under the threshold: the low-balance alert, each in their language, money as each language writes it.
    await topUpAndPay(t, owner.token, teamId, 15_000);
    await charge(t, teamId, 6_000);
    expect((await t.billing.sweep()).alertsSent).toBe(2);
    const low = await mailTo(t, owner.email, `Solde bas pour ${team}`);
    expect(low.text).toMatch(
      new RegExp(
        `^Le solde de l'équipe Ikirere ${team} est de 9\\s000 RWF, sous le seuil d'alerte de 10\\s000 RWF\\.`,
      ),
    );
    expect(low.text).toContain('délai de grâce\u00a0; elles ne sont jamais supprimées.');
    const lowRw = await mailTo(t, keza.email, `Amafaranga make kuri konti ya ${team}`);
    expect(lowRw.text).toContain(
      `Amafaranga ari kuri konti y'itsinda rya Ikirere ${team} ni RWF 9,000, munsi y'urugero rw'umuburo rwa RWF 10,000.`,
    );

    // The month's invoice (simulated at once in the sandbox): its e-mail names the month in each language.
    const created = await createCompute(t, owner.token, teamId);
    expectStatus(created, 201);
    await waitForStatus(t, owner.token, teamId, created.body.compute.id, 'running');
    const simulated = await send(t, 'POST', billingPath(teamId, '/sandbox/month-end'), {
      token: owner.token,
    });
    expectStatus(simulated, 200);
    const invoice = simulated.body.invoice as { id: string; number: string; periodStart: string };
    const issued = await mailTo(t, owner.email, `Facture ${invoice.number} pour ${team}`);
    expect(issued.text).toMatch(
      new RegExp(
        `^La facture ${invoice.number} de l'équipe Ikirere ${team} pour ${FRENCH_MONTHS.source} s'élève à `,
      ),
    );
    expect(issued.text).toContain('téléchargez-la en PDF ou en CSV');
    const month =
      rwFirstPages[`time.month.${new Date(invoice.periodStart).getUTCMonth() + 1}` as 'time.month.1'];
    const issuedRw = await mailTo(t, keza.email, `Inyemezabuguzi ${invoice.number} ya ${team}`);
    expect(issuedRw.text).toContain(
      `Inyemezabuguzi ${invoice.number} y'itsinda rya Ikirere ${team} yo muri ${month} ${new Date(invoice.periodStart).getUTCFullYear()} ingana na RWF `,
    );

    // Emptied: the grace period's end, in each recipient's zone, named.
    await charge(t, teamId, 20_000);
    expect((await t.billing.sweep()).alertsSent).toBe(2);
    const empty = await mailTo(t, owner.email, `Le solde de ${team} est épuisé`);
    expect(empty.text).toMatch(
      /Si vous ne le rechargez pas avant le \d{1,2} \S+ \d{4}, \d{2}:\d{2} \(Europe\/Paris\),/,
    );
    const emptyRw = await mailTo(t, keza.email, `Amafaranga ya ${team} yashize`);
    expect(emptyRw.text).toMatch(
      /Nutongeraho amafaranga mbere ya \d{1,2} \S+ \d{4}, \d{2}:\d{2} \(Africa\/Kigali\),/,
    );

    // The invoice PDF and CSV, downloaded by the French owner, whatever the browser asks for.
    const pdf = await t.app.request(billingPath(teamId, `/invoices/${invoice.id}/pdf`), {
      headers: { Authorization: `Bearer ${owner.token}`, 'Accept-Language': 'en' },
    });
    expect(pdf.status).toBe(200);
    const document = await getDocument({ data: new Uint8Array(await pdf.arrayBuffer()), verbosity: 0 })
      .promise;
    const text = (await (await document.getPage(1)).getTextContent()).items
      .map((item) => ('str' in item ? item.str : ''))
      .join('\n');
    for (const words of [
      `Facture ${invoice.number}`,
      'Facturé à',
      'Nyarugenge SARL',
      'Instance',
      'Formule',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toMatch(/Émise le \d{1,2} \S+ \d{4}, \d{2}:\d{2} \(Europe\/Paris\)/);
    expect(text).toMatch(
      new RegExp(`Période du 1(er)? ${FRENCH_MONTHS.source} au \\d{2} ${FRENCH_MONTHS.source} \\(UTC\\)`),
    );
    expect(text).toMatch(/Sous-total[\s\S]*Taxe \(\d+\s%\)[\s\S]*Total/);
    expect(text).toMatch(/\d\s\d{3} RWF/);
    expect(text).toContain('Page 1 sur 1');
    expect(text).not.toContain('Invoice');
    expect(text).not.toContain('?');

    const csv = await t.app.request(billingPath(teamId, `/invoices/${invoice.id}/csv`), {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    const rows = (await csv.text()).trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'facture,debut_periode,fin_periode,devise,id_instance,nom_hote,formule,heures,tarif_unites_mineures,montant_unites_mineures',
    );
    expect(rows.at(-3)).toContain(',Sous-total,');
    expect(rows.at(-1)).toContain(',Total,');
  });

  it('shows the sandbox checkout page in the payer’s language and zone, whatever the browser asks for', async () => {
    const owner = await speaking(await person(t, 'Aline Owner'), 'fr', 'Europe/Paris');
    const teamId = await teamOf(t, owner, [], 'Kigali Labs');
    const started = await startTopUp(t, owner.token, teamId, 5_000);
    expectStatus(started, 201);
    // The browser opens the page without a session and may ask for another language.
    const page = await t.app.request(started.body.topUp.checkoutUrl, {
      headers: { 'Accept-Language': 'en-US, en;q=0.5' },
    });
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<h1>Rechargez votre solde Ikirere</h1>');
    expect(html).toMatch(/Approuver le paiement de 5\s000 RWF/);
    expect(html).toMatch(
      /Valable jusqu&#39;au<\/dt><dd><time[^>]*>\d{1,2} \S+ \d{4}, \d{2}:\d{2} \(Europe\/Paris\)/,
    );
    expect(html).toContain('La carte a été refusée par sa banque.');
    expect(html).not.toContain('Approve');

    // An English payer's page stays English for a browser asking for French.
    const other = await person(t, 'Brian Owner');
    const otherTeam = await teamOf(t, other, [], 'Musanze Labs');
    const english = await startTopUp(t, other.token, otherTeam, 5_000);
    expectStatus(english, 201);
    const englishPage = await (
      await t.app.request(english.body.topUp.checkoutUrl, { headers: { 'Accept-Language': 'fr' } })
    ).text();
    expect(englishPage).toContain('<html lang="en">');
    expect(englishPage).toContain('<h1>Top up your Ikirere balance</h1>');
  });
});
