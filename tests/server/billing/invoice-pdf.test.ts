// The invoice PDF as its reader sees it: the issuer's name, address and tax number from the configuration,
// and names in any script the console's fonts carry printed as written, not as "?"; its words in the
// reader's language, French typography included.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { invoiceSchema } from '@/contract/billing';
import { invoicePdf } from '../../../server/billing/invoice-documents';
import { inLanguage } from '../../../server/i18n/languages';

const invoice = v.parse(invoiceSchema, {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-90a1b2c3d4e5',
  number: 'IK-2026-000042',
  currency: 'RWF',
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
  totalMinor: 14_000,
  status: 'unpaid',
  issuedAt: '2026-12-01T00:05:00.000Z',
  paidAt: null,
  // Two computes of one name (one destroyed and made again), each a month at its cap.
  lines: ['11111111-2222-4333-8444-555555555555', '99999999-2222-4333-8444-555555555555'].map(
    (computeId) => ({
      computeId,
      hostname: 'kbd-1',
      plan: '1 vCPU · 1 GB',
      hours: 720,
      rateMinor: 10,
      amountMinor: 7_000,
      capped: true,
    }),
  ),
  subtotalMinor: 14_000,
  taxRatePercent: '0',
  taxMinor: 0,
  billTo: {
    teamName: 'Équipe Ñandú',
    companyName: 'Жанна и партнёры ООО',
    billingEmail: null,
    addressLine1: 'ቦሌ መንገድ 12',
    addressLine2: 'Phường Bến Nghé',
    city: 'Αθήνα',
    postalCode: null,
    country: 'GR',
    taxId: 'EL123456789',
  },
});

async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const page = await document.getPage(1);
  return (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('');
}

describe('the invoice PDF', () => {
  it('prints the issuer the operator configured: name, address lines and tax number', async () => {
    const text = await pdfText(
      await invoicePdf(invoice, {
        name: 'Ikirere Cloud Ltd',
        addressLines: ['KN 3 Rd 8', 'Kigali, Rwanda'],
        taxId: '102345678',
      }),
    );
    expect(text).toContain('Ikirere Cloud Ltd');
    expect(text).toContain('KN 3 Rd 8');
    expect(text).toContain('Kigali, Rwanda');
    expect(text).toContain('Tax ID: 102345678');
  });

  it('prints names in Cyrillic, Ethiopic, Greek, Vietnamese and accented Latin as written', async () => {
    const text = await pdfText(await invoicePdf(invoice, { name: 'Ikirere', addressLines: [], taxId: '' }));
    for (const written of [
      'Жанна и партнёры ООО',
      'ቦሌ መንገድ 12',
      'Phường Bến Nghé',
      'Αθήνα',
      'IK-2026-000042',
    ]) {
      expect(text).toContain(written);
    }
    expect(text).not.toContain('?');
    // Two computes of one name are told apart on the PDF too.
    expect(text).toContain('kbd-1 (11111111)');
    expect(text).toContain('kbd-1 (99999999)');
  });

  it('prints its words in French and Kinyarwanda, accents, apostrophes, guillemets and spaces included', async () => {
    const french = v.parse(invoiceSchema, {
      ...invoice,
      billTo: { ...invoice.billTo, companyName: 'Société «\u00a0Café à l’Îlot\u00a0» Ç' },
    });
    const issuer = { name: 'Ikirere', addressLines: [], taxId: '' };
    const fr = await pdfText(
      await inLanguage({ locale: 'fr', timeZone: 'Europe/Paris' }, () => invoicePdf(french, issuer)),
    );
    for (const words of [
      'Facture IK-2026-000042',
      'Émise le 1 déc. 2026, 01:05 (Europe/Paris)',
      'Période du 1 novembre 2026 au 30 novembre 2026 (UTC)',
      'Impayée',
      'Facturé à',
      'Tarif / h',
      'Sous-total',
      'Page 1 sur 1',
    ]) {
      expect(fr).toContain(words);
    }
    // pdf.js reads a no-break space back as a space: the guillemets' spaces and the figures' groups.
    expect(fr).toContain('Société « Café à l’Îlot » Ç');
    expect(fr).toContain('plafond mensuel 7 000 RWF');
    expect(fr).not.toContain('?');

    const rw = await pdfText(
      await inLanguage({ locale: 'rw', timeZone: 'Africa/Kigali' }, () => invoicePdf(invoice, issuer)),
    );
    for (const words of [
      'Inyemezabuguzi IK-2026-000042',
      'Yatanzwe ku wa 1 Ukuboza 2026, 02:05 (Africa/Kigali)',
      'Igihe: kuva ku wa 1 Ugushyingo 2026 kugeza ku wa 30 Ugushyingo 2026 (UTC)',
      'Ntiyishyuwe',
      "Igiteranyo mbere y'umusoro",
      "ntarengwa y'ukwezi RWF 7,000",
      'Urupapuro 1 kuri 1',
    ]) {
      expect(rw).toContain(words);
    }
  });

  it('prints Arabic and Hebrew right to left, and Chinese, Japanese and Korean, as written', async () => {
    const names = v.parse(invoiceSchema, {
      ...invoice,
      billTo: {
        ...invoice.billTo,
        city: 'חברת ענן',
        companyName: 'شركة التقنية ABC 12',
        addressLine1: '北京云计算有限公司',
        addressLine2: '株式会社テスト',
      },
      lines: [{ ...invoice.lines[0]!, plan: '서울 클라우드' }, invoice.lines[1]!],
    });
    const bytes = await invoicePdf(names, { name: 'Ikirere', addressLines: [], taxId: '' });
    const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
    const items = (await (await document.getPage(1)).getTextContent()).items.flatMap((item) =>
      'str' in item && item.str.trim() ? [item.str] : [],
    );
    // pdf.js gives right-to-left runs back in reading order; the Latin and the number stay as drawn.
    const text = items.join('\n');
    expect(text).toContain('חברת ענן');
    expect(items).toContain('شركة التقنية');
    expect(items).toContain('ABC 12');
    expect(items).toContain('北京云计算有限公司');
    expect(items).toContain('株式会社テスト');
    expect(items).toContain('서울 클라우드');
    expect(
      text,
      'no font for a script: sudo apt-get install -y fonts-droid-fallback fonts-nanum',
    ).not.toContain('?');
  });
});
