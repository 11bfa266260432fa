// An invoice as a file to keep: a one-or-more-page PDF with the team's billing details and a ruled table
// of lines (computes, then a Storage table of volumes and images: size, hours, the month's price at that
// size, amount), and a CSV with one row per line and the totals.
import type { Invoice } from '@/contract/billing';
import { computeLabel } from '@/domain/invoice-lines';
import { formatMoney } from '@/domain/money';
import type { InvoiceIssuer } from './config';
import { csvText } from './csv';
import { A4, PdfPage, writePdf } from './pdf-writer';

const MARGIN = 50;
const ROWS_PER_PAGE = 38;
const COLUMNS = { compute: MARGIN, plan: 200, hours: 360, rate: 440, amount: A4.width - MARGIN };

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
    b.taxId ? `Tax ID: ${b.taxId}` : null,
    b.billingEmail,
  ].filter((line): line is string => Boolean(line));
}

/** A row of the PDF's table: a compute line, the storage table's heading, or a volume's or image's line. */
type PdfRow =
  | { kind: 'compute'; line: Invoice['lines'][number] }
  | { kind: 'storage-heading' }
  | { kind: 'storage'; line: Invoice['storageLines'][number] };

function pdfRows(invoice: Invoice): PdfRow[] {
  const rows: PdfRow[] = invoice.lines.map((line) => ({ kind: 'compute', line }));
  if (invoice.storageLines.length > 0) {
    rows.push({ kind: 'storage-heading' });
    for (const line of invoice.storageLines) rows.push({ kind: 'storage', line });
  }
  return rows;
}

const STORAGE_WORD = { volume: 'Volume', image: 'Image' } as const;

export function invoicePdf(invoice: Invoice, issuer: InvoiceIssuer): Promise<Buffer> {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
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
    page.text(COLUMNS.amount, y, `Invoice ${invoice.number}`, { size: 14, bold: true, align: 'right' });
    y -= 18;
    page.text(COLUMNS.amount, y, `Issued ${day(invoice.issuedAt)}`, { align: 'right' });
    y -= 14;
    page.text(COLUMNS.amount, y, `Period ${day(invoice.periodStart)} to ${lastDay(invoice)}`, {
      align: 'right',
    });
    y -= 14;
    page.text(COLUMNS.amount, y, invoice.status === 'paid' ? 'Paid' : 'Unpaid', {
      bold: true,
      align: 'right',
    });
    if (index === 0) {
      let by = A4.height - MARGIN - 24;
      // The issuer under its name: address and tax number (configuration: INVOICE_ISSUER_*).
      for (const text of [...issuer.addressLines, ...(issuer.taxId ? [`Tax ID: ${issuer.taxId}`] : [])]) {
        by -= 13;
        page.text(MARGIN, by, text, { size: 9 });
      }
      by -= 22;
      page.text(MARGIN, by, 'Bill to', { bold: true });
      for (const text of billToLines(invoice)) {
        by -= 14;
        page.text(MARGIN, by, text);
      }
      y = Math.min(y, by);
    }
    const heading = (labels: [string, string, string, string, string]) => {
      page.text(COLUMNS.compute, y, labels[0], { bold: true });
      page.text(COLUMNS.plan, y, labels[1], { bold: true });
      page.text(COLUMNS.hours, y, labels[2], { bold: true, align: 'right' });
      page.text(COLUMNS.rate, y, labels[3], { bold: true, align: 'right' });
      page.text(COLUMNS.amount, y, labels[4], { bold: true, align: 'right' });
      page.line(MARGIN, y - 6, COLUMNS.amount, y - 6, 1);
    };
    y -= 36;
    if (chunk[0]?.kind === 'storage') heading(STORAGE_HEADING);
    else if (chunk[0]?.kind !== 'storage-heading')
      heading(['Compute', 'Plan', 'Hours', 'Rate / h', 'Amount']);
    chunk.forEach((row, position) => {
      if (row.kind === 'storage-heading') {
        y -= position === 0 ? 0 : 28;
        heading(STORAGE_HEADING);
        return;
      }
      y -= 18;
      if (row.kind === 'compute') {
        const { line } = row;
        page.text(COLUMNS.compute, y, computeLabel(line, invoice.lines));
        page.text(COLUMNS.plan, y, line.plan);
        page.text(COLUMNS.hours, y, String(line.hours), { align: 'right' });
        page.text(COLUMNS.rate, y, money(line.rateMinor), { align: 'right' });
        page.text(COLUMNS.amount, y, `${line.capped ? 'monthly cap ' : ''}${money(line.amountMinor)}`, {
          align: 'right',
        });
      } else {
        const { line } = row;
        page.text(COLUMNS.compute, y, `${STORAGE_WORD[line.kind]} ${line.name}`);
        page.text(COLUMNS.plan, y, `${line.sizeGb} GB`);
        page.text(COLUMNS.hours, y, String(line.hours), { align: 'right' });
        page.text(COLUMNS.rate, y, money(line.monthlyMinor), { align: 'right' });
        page.text(COLUMNS.amount, y, `${line.capped ? 'monthly cap ' : ''}${money(line.amountMinor)}`, {
          align: 'right',
        });
      }
      page.line(MARGIN, y - 6, COLUMNS.amount, y - 6);
    });
    if (index === chunks.length - 1) {
      const totals: [string, string, boolean][] = [
        ['Subtotal', money(invoice.subtotalMinor), false],
        [`Tax (${invoice.taxRatePercent}%)`, money(invoice.taxMinor), false],
        ['Total', money(invoice.totalMinor), true],
      ];
      y -= 10;
      for (const [label, amount, bold] of totals) {
        y -= 16;
        page.text(COLUMNS.rate, y, label, { bold, align: 'right' });
        page.text(COLUMNS.amount, y, amount, { bold, align: 'right' });
      }
      page.line(COLUMNS.hours, y - 6, COLUMNS.amount, y - 6, 1);
    }
    page.text(MARGIN, MARGIN, `Page ${index + 1} of ${chunks.length}`, { size: 8 });
  });
  return writePdf(pages, { title: `Invoice ${invoice.number}` });
}

/** The storage table's columns: what is stored, its size, its hours, the month's price at that size. */
const STORAGE_HEADING: [string, string, string, string, string] = [
  'Storage',
  'Size',
  'Hours',
  'Price / month',
  'Amount',
];

/** One row per line, then the subtotal, tax and total rows; amounts in minor units of the currency. */
export function invoiceCsv(invoice: Invoice): string {
  const rows: (string | number)[][] = [
    [
      'invoice',
      'period_start',
      'period_end',
      'currency',
      'compute_id',
      'hostname',
      'plan',
      'hours',
      'rate_minor',
      'amount_minor',
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
      `${STORAGE_WORD[line.kind]} ${line.sizeGb} GB`,
      line.hours,
      '',
      line.amountMinor,
    ]);
  }
  rows.push([...head, '', 'Subtotal', '', '', '', invoice.subtotalMinor]);
  rows.push([...head, '', `Tax ${invoice.taxRatePercent}%`, '', '', '', invoice.taxMinor]);
  rows.push([...head, '', 'Total', '', '', '', invoice.totalMinor]);
  return csvText(rows);
}
