// An invoice as a file to keep: a one-or-more-page PDF with the team's billing details and a ruled table
// of lines (computes, then a Storage table of volumes and images: size, hours, the month's price at that
// size, amount; then a Backups table: each compute's days of backups, the price per day, amount), and a CSV
// with one row per line and the totals. Both in the language of whoever downloads them (the request's): the
// PDF's dates in their zone (named) or as the UTC days billing runs on, its money and numbers by Intl for the
// language; the CSV's header row and words too, its values left as data.
import type { Invoice } from '@/contract/billing';
import { formatDateTimeWithZone, formatUtcDay } from '@/domain/helpers/time';
import { computeLabel } from '@/domain/invoice-lines';
import { formatMoney } from '@/domain/money';
import { numberLocale } from '@/i18n/locales';
import { currentLanguage } from '../i18n/languages';
import { type ServerMessageId, t } from '../i18n/t';
import type { InvoiceIssuer } from './config';
import { csvText } from './csv';
import { A4, PdfPage, writePdf } from './pdf-writer';

const MARGIN = 50;
const ROWS_PER_PAGE = 38;
const COLUMNS = { compute: MARGIN, plan: 200, hours: 360, rate: 440, amount: A4.width - MARGIN };

/** A count (hours, GB, a tax rate) as the reader's language writes numbers. */
function count(value: number | string): string {
  return new Intl.NumberFormat(numberLocale(currentLanguage().locale), { maximumFractionDigits: 2 }).format(
    Number(value),
  );
}

function day(iso: string): string {
  return iso.slice(0, 10);
}

/** The last day of the period: periodEnd is the first instant after it. */
function lastDay(invoice: Invoice): string {
  return new Date(new Date(invoice.periodEnd).getTime() - 1).toISOString().slice(0, 10);
}

function billToLines(invoice: Invoice): string[] {
  const b = invoice.billTo;
  const place = [b.postalCode, b.city].filter(Boolean).join(' ');
  return [
    b.companyName ?? b.teamName,
    b.addressLine1,
    b.addressLine2,
    [place, b.country].filter(Boolean).join(', '),
    b.taxId ? t('invoiceFile.taxId', { taxId: b.taxId }) : null,
    b.billingEmail,
  ].filter((line): line is string => Boolean(line));
}

/** A row of the PDF's table: a compute line, the storage table's heading, or a volume's or image's line. */
type PdfRow =
  | { kind: 'compute'; line: Invoice['lines'][number] }
  | { kind: 'storage-heading' }
  | { kind: 'storage'; line: Invoice['storageLines'][number] }
  | { kind: 'backup-heading' }
  | { kind: 'backup'; line: Invoice['backupLines'][number] };

function pdfRows(invoice: Invoice): PdfRow[] {
  const rows: PdfRow[] = invoice.lines.map((line) => ({ kind: 'compute', line }));
  if (invoice.storageLines.length > 0) {
    rows.push({ kind: 'storage-heading' });
    for (const line of invoice.storageLines) rows.push({ kind: 'storage', line });
  }
  if (invoice.backupLines.length > 0) {
    rows.push({ kind: 'backup-heading' });
    for (const line of invoice.backupLines) rows.push({ kind: 'backup', line });
  }
  return rows;
}

const STORAGE_WORD = { volume: 'invoiceFile.volume', image: 'invoiceFile.image' } as const;

export function invoicePdf(invoice: Invoice, issuer: InvoiceIssuer): Promise<Buffer> {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const amount = (line: { capped: boolean; amountMinor: number }) =>
    line.capped ? t('invoiceFile.capped', { amount: money(line.amountMinor) }) : money(line.amountMinor);
  const pages: PdfPage[] = [];
  const rows = pdfRows(invoice);
  const chunks: PdfRow[][] = [];
  for (let i = 0; i < Math.max(1, rows.length); i += ROWS_PER_PAGE) {
    chunks.push(rows.slice(i, i + ROWS_PER_PAGE));
  }
  chunks.forEach((chunk, index) => {
    const page = new PdfPage();
    pages.push(page);
    let y = A4.height - MARGIN - 10;
    page.text(MARGIN, y, issuer.name, { size: 18, bold: true });
    page.text(COLUMNS.amount, y, t('invoiceFile.title', { number: invoice.number }), {
      size: 14,
      bold: true,
      align: 'right',
    });
    y -= 18;
    page.text(
      COLUMNS.amount,
      y,
      t('invoiceFile.issued', { date: formatDateTimeWithZone(invoice.issuedAt) }),
      {
        align: 'right',
      },
    );
    y -= 14;
    const period = { start: formatUtcDay(invoice.periodStart), end: formatUtcDay(lastDay(invoice)) };
    page.text(COLUMNS.amount, y, t('invoiceFile.period', period), {
      align: 'right',
    });
    y -= 14;
    page.text(COLUMNS.amount, y, t(invoice.status === 'paid' ? 'invoiceFile.paid' : 'invoiceFile.unpaid'), {
      bold: true,
      align: 'right',
    });
    if (index === 0) {
      let by = A4.height - MARGIN - 24;
      // The issuer under its name: address and tax number (configuration: INVOICE_ISSUER_*).
      for (const text of [
        ...issuer.addressLines,
        ...(issuer.taxId ? [t('invoiceFile.taxId', { taxId: issuer.taxId })] : []),
      ]) {
        by -= 13;
        page.text(MARGIN, by, text, { size: 9 });
      }
      by -= 22;
      page.text(MARGIN, by, t('invoiceFile.billTo'), { bold: true });
      for (const text of billToLines(invoice)) {
        by -= 14;
        page.text(MARGIN, by, text);
      }
      y = Math.min(y, by);
    }
    const heading = (labels: Heading) => {
      page.text(COLUMNS.compute, y, t(labels[0]), { bold: true });
      if (labels[1]) page.text(COLUMNS.plan, y, t(labels[1]), { bold: true });
      page.text(COLUMNS.hours, y, t(labels[2]), { bold: true, align: 'right' });
      page.text(COLUMNS.rate, y, t(labels[3]), { bold: true, align: 'right' });
      page.text(COLUMNS.amount, y, t(labels[4]), { bold: true, align: 'right' });
      page.line(MARGIN, y - 6, COLUMNS.amount, y - 6, 1);
    };
    y -= 36;
    if (chunk[0]?.kind === 'storage') heading(STORAGE_HEADING);
    else if (chunk[0]?.kind === 'backup') heading(BACKUP_HEADING);
    else if (chunk[0]?.kind !== 'storage-heading' && chunk[0]?.kind !== 'backup-heading')
      heading([
        'invoiceFile.compute',
        'invoiceFile.plan',
        'invoiceFile.hours',
        'invoiceFile.ratePerHour',
        'invoiceFile.amount',
      ]);
    chunk.forEach((row, position) => {
      if (row.kind === 'storage-heading') {
        y -= position === 0 ? 0 : 28;
        heading(STORAGE_HEADING);
        return;
      }
      if (row.kind === 'backup-heading') {
        y -= position === 0 ? 0 : 28;
        heading(BACKUP_HEADING);
        return;
      }
      y -= 18;
      if (row.kind === 'compute') {
        const { line } = row;
        page.text(COLUMNS.compute, y, computeLabel(line, invoice.lines));
        page.text(COLUMNS.plan, y, line.plan);
        page.text(COLUMNS.hours, y, count(line.hours), { align: 'right' });
        page.text(COLUMNS.rate, y, money(line.rateMinor), { align: 'right' });
        page.text(COLUMNS.amount, y, amount(line), {
          align: 'right',
        });
      } else if (row.kind === 'backup') {
        const { line } = row;
        page.text(COLUMNS.compute, y, computeLabel(line, invoice.backupLines));
        page.text(COLUMNS.hours, y, count(line.days), { align: 'right' });
        page.text(COLUMNS.rate, y, money(line.dayRateMinor), { align: 'right' });
        page.text(COLUMNS.amount, y, amount(line), { align: 'right' });
      } else {
        const { line } = row;
        page.text(COLUMNS.compute, y, `${t(STORAGE_WORD[line.kind])} ${line.name}`);
        page.text(COLUMNS.plan, y, t('invoiceFile.gigabytes', { size: count(line.sizeGb) }));
        page.text(COLUMNS.hours, y, count(line.hours), { align: 'right' });
        page.text(COLUMNS.rate, y, money(line.monthlyMinor), { align: 'right' });
        page.text(COLUMNS.amount, y, amount(line), {
          align: 'right',
        });
      }
      page.line(MARGIN, y - 6, COLUMNS.amount, y - 6);
    });
    if (index === chunks.length - 1) {
      const totals: [string, string, boolean][] = [
        [t('invoiceFile.subtotal'), money(invoice.subtotalMinor), false],
        [t('invoiceFile.tax', { rate: count(invoice.taxRatePercent) }), money(invoice.taxMinor), false],
        [t('invoiceFile.total'), money(invoice.totalMinor), true],
      ];
      y -= 10;
      for (const [label, amount, bold] of totals) {
        y -= 16;
        page.text(COLUMNS.rate, y, label, { bold, align: 'right' });
        page.text(COLUMNS.amount, y, amount, { bold, align: 'right' });
      }
      page.line(COLUMNS.hours, y - 6, COLUMNS.amount, y - 6, 1);
    }
    page.text(MARGIN, MARGIN, t('invoiceFile.page', { page: index + 1, pages: chunks.length }), { size: 8 });
  });
  return writePdf(pages, { title: t('invoiceFile.title', { number: invoice.number }) });
}

/** A table's five column titles; the second is left empty where the table has no such column. */
type Heading = [ServerMessageId, ServerMessageId | null, ServerMessageId, ServerMessageId, ServerMessageId];

/** The storage table's columns: what is stored, its size, its hours, the month's price at that size. */
const STORAGE_HEADING: Heading = [
  'invoiceFile.storage',
  'invoiceFile.size',
  'invoiceFile.hours',
  'invoiceFile.pricePerMonth',
  'invoiceFile.amount',
];

/** The backups table's columns: the compute, its days of backups, a day's price (no plan column). */
const BACKUP_HEADING: Heading = [
  'invoice.backups.heading',
  null,
  'invoice.backups.days',
  'invoice.backups.perDay',
  'invoiceFile.amount',
];

/** One row per line, then the subtotal, tax and total rows; amounts in minor units of the currency. */
export function invoiceCsv(invoice: Invoice): string {
  const rows: (string | number)[][] = [
    [
      t('invoiceFile.csv.invoice'),
      t('invoiceFile.csv.periodStart'),
      t('invoiceFile.csv.periodEnd'),
      t('invoiceFile.csv.currency'),
      t('invoiceFile.csv.computeId'),
      t('invoiceFile.csv.hostname'),
      t('invoiceFile.csv.plan'),
      t('invoiceFile.csv.hours'),
      t('invoiceFile.csv.rateMinor'),
      t('invoiceFile.csv.amountMinor'),
    ],
  ];
  const head = [invoice.number, day(invoice.periodStart), lastDay(invoice), invoice.currency];
  for (const line of invoice.lines) {
    rows.push([
      ...head,
      line.computeId,
      line.hostname,
      line.plan,
      line.hours,
      line.rateMinor,
      line.amountMinor,
    ]);
  }
  // A volume's or image's line: its id and name where a compute's stand, its size as the plan, no hourly rate.
  for (const line of invoice.storageLines) {
    rows.push([
      ...head,
      line.id,
      line.name,
      `${t(STORAGE_WORD[line.kind])} ${t('invoiceFile.gigabytes', { size: line.sizeGb })}`,
      line.hours,
      '',
      line.amountMinor,
    ]);
  }
  // A compute's backups: its days as the plan, the hours they charged and the backup price per hour.
  for (const line of invoice.backupLines) {
    rows.push([
      ...head,
      line.computeId,
      line.hostname,
      t('invoice.backups.csvPlan', { days: line.days }),
      line.days * 24,
      line.dayRateMinor % 24 === 0 ? line.dayRateMinor / 24 : '',
      line.amountMinor,
    ]);
  }
  rows.push([...head, '', t('invoiceFile.subtotal'), '', '', '', invoice.subtotalMinor]);
  rows.push([
    ...head,
    '',
    t('invoiceFile.csv.tax', { rate: invoice.taxRatePercent }),
    '',
    '',
    '',
    invoice.taxMinor,
  ]);
  rows.push([...head, '', t('invoiceFile.total'), '', '', '', invoice.totalMinor]);
  return csvText(rows);
}
