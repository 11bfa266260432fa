// An invoice's backups as its reader sees them on the invoice page: one row per compute with its days of
// backups, a day's price and the amount, "(monthly cap)" where the monthly backup price stopped it; in French
// too; and no backups table at all on an invoice without backups.
import { act, render, screen, within } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { invoiceSchema } from '@/contract/billing';
import { setLocale } from '@/i18n/loader';
import { BackupInvoiceLines } from '@/routes/_protected/_section/_team/settings/-components/backup-invoice-lines';

const invoice = v.parse(invoiceSchema, {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-90a1b2c3d4e5',
  number: 'IK-2026-000042',
  currency: 'RWF',
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
  totalMinor: 1_496,
  status: 'paid',
  issuedAt: '2026-12-01T00:05:00.000Z',
  paidAt: '2026-12-01T00:05:00.000Z',
  lines: [],
  backupLines: [
    {
      computeId: '11111111-2222-4333-8444-555555555555',
      hostname: 'web-1',
      days: 2,
      dayRateMinor: 48,
      amountMinor: 96,
      capped: false,
    },
    {
      computeId: '99999999-2222-4333-8444-555555555555',
      hostname: 'db-1',
      days: 30,
      dayRateMinor: 48,
      amountMinor: 1_400,
      capped: true,
    },
  ],
  subtotalMinor: 1_496,
  taxRatePercent: '0',
  taxMinor: 0,
  billTo: {
    teamName: 'Backed-up team',
    companyName: null,
    billingEmail: null,
    addressLine1: null,
    addressLine2: null,
    city: null,
    postalCode: null,
    country: null,
    taxId: null,
  },
});

function rows(): string[][] {
  const table = screen.getByRole('table', { name: /IK-2026-000042/ });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

afterEach(async () => {
  await act(() => setLocale('en'));
});

describe('the invoice’s backups', () => {
  it('lists each compute’s days, a day’s price and the amount, the capped one marked', () => {
    render(<BackupInvoiceLines invoice={invoice} />);
    expect(screen.getByRole('table', { name: 'Backups on invoice IK-2026-000042' })).toBeTruthy();
    expect(rows()).toEqual([
      ['Backups', 'Days', 'Price', 'Amount'],
      ['web-1', '2', 'RWF 48/day', 'RWF 96'],
      ['db-1', '30', 'RWF 48/day', 'RWF 1,400 (monthly cap)'],
    ]);
  });

  it('says it in French', async () => {
    await act(() => setLocale('fr'));
    render(<BackupInvoiceLines invoice={invoice} />);
    const [heading, , capped] = rows();
    expect(heading).toEqual(['Sauvegardes', 'Jours', 'Prix', 'Montant']);
    expect(capped?.[0]).toBe('db-1');
    expect(capped?.[3]).toMatch(/^1\s400\sRWF \(plafond mensuel\)$/);
  });

  it('shows no table on an invoice without backups', () => {
    const { container } = render(<BackupInvoiceLines invoice={{ ...invoice, backupLines: [] }} />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
