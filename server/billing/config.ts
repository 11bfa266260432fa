// The billing part of the server's environment: which payment provider takes top-ups, how long a team
// whose balance ran out keeps its computes running, and the tax rate on invoices. Checked at start with
// every problem named.

export const PAYMENT_PROVIDERS = ['sandbox'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

export interface BillingConfig {
  /** PAYMENT_PROVIDER: only the sandbox so far. */
  paymentProvider: PaymentProviderKind;
  /** BILLING_GRACE_HOURS: from an empty balance to running computes powered off. */
  graceHours: number;
  /** How often the background sweep looks for teams past their grace period; 0: never (tests call it). */
  sweepIntervalSeconds: number;
  /** TAX_RATE_PERCENT: added to each invoice's subtotal, up to two decimals ("18", "16.5"); "0": none. */
  taxRatePercent: string;
  /** METERING_COMPUTES_PER_SWEEP: computes metered per sweep at most; the rest wait for the next sweep. */
  meteringComputesPerSweep: number;
  /** Who issues the invoices, printed at the top of each PDF (INVOICE_ISSUER_*). */
  issuer: InvoiceIssuer;
}

export interface InvoiceIssuer {
  /** INVOICE_ISSUER_NAME: the operator's legal name. */
  name: string;
  /** INVOICE_ISSUER_ADDRESS: lines separated by "|" or new lines. */
  addressLines: string[];
  /** INVOICE_ISSUER_TAX_ID: e.g. the operator's TIN; empty: not printed. */
  taxId: string;
}

export const DEFAULT_ISSUER: InvoiceIssuer = { name: 'Ikirere', addressLines: [], taxId: '' };

export const DEFAULT_GRACE_HOURS = 24;

/**
 * Computes metered per sweep (one a minute) at most: far above what running computes need (each has an hour
 * due once an hour, so 600,000 computes), while a catch-up after downtime is spread over sweeps.
 */
export const METERING_COMPUTES_PER_SWEEP = 10_000;

export const DEFAULT_BILLING_CONFIG: BillingConfig = {
  paymentProvider: 'sandbox',
  graceHours: DEFAULT_GRACE_HOURS,
  // The app alone (tests, embedding) never starts timers; the server passes its own.
  sweepIntervalSeconds: 0,
  taxRatePercent: '0',
  issuer: DEFAULT_ISSUER,
  meteringComputesPerSweep: METERING_COMPUTES_PER_SWEEP,
};

/** The tax rate in hundredths of a percent (basis points), for exact integer arithmetic: "16.5" is 1650. */
export function taxBasisPoints(percent: string): number {
  const [whole = '0', fraction = ''] = percent.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** subtotal × rate, rounded half up to a whole minor unit. */
export function taxOf(subtotalMinor: number, percent: string): number {
  return Math.floor((subtotalMinor * taxBasisPoints(percent) + 5_000) / 10_000);
}

/** The server's sweep: every minute is soon enough after a grace period of hours. */
export const SERVER_SWEEP_INTERVAL_SECONDS = 60;

export function readBillingConfig(
  read: (name: string) => string | undefined,
  problems: string[],
): BillingConfig {
  const provider = (read('PAYMENT_PROVIDER') ?? 'sandbox').toLowerCase();
  const paymentProvider = PAYMENT_PROVIDERS.find((kind) => kind === provider);
  if (!paymentProvider) {
    problems.push(`PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDERS.join(', ')} (got "${provider}").`);
  }
  const graceText = read('BILLING_GRACE_HOURS') ?? String(DEFAULT_GRACE_HOURS);
  const graceHours = Number(graceText);
  if (!/^\d+$/.test(graceText) || graceHours > 8760) {
    problems.push(`BILLING_GRACE_HOURS must be a whole number of hours from 0 to 8760 (got "${graceText}").`);
  }
  const sweepText = read('BILLING_SWEEP_SECONDS') ?? String(SERVER_SWEEP_INTERVAL_SECONDS);
  const sweepSeconds = Number(sweepText);
  if (!/^\d+$/.test(sweepText) || sweepSeconds < 1 || sweepSeconds > 3600) {
    problems.push(
      `BILLING_SWEEP_SECONDS must be a whole number of seconds from 1 to 3600 (got "${sweepText}").`,
    );
  }
  const taxText = (read('TAX_RATE_PERCENT') ?? '0').trim();
  const taxValid = /^\d{1,3}(\.\d{1,2})?$/.test(taxText) && Number(taxText) <= 100;
  if (!taxValid) {
    problems.push(
      `TAX_RATE_PERCENT must be a percentage from 0 to 100 with at most two decimals (got "${taxText}").`,
    );
  }
  const issuerName = (read('INVOICE_ISSUER_NAME') ?? DEFAULT_ISSUER.name).trim();
  const addressLines = (read('INVOICE_ISSUER_ADDRESS') ?? '')
    .split(/\||\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const issuerTaxId = (read('INVOICE_ISSUER_TAX_ID') ?? '').trim();
  const meteringText = read('METERING_COMPUTES_PER_SWEEP') ?? String(METERING_COMPUTES_PER_SWEEP);
  const meteringComputes = Number(meteringText);
  const meteringValid = /^\d{1,7}$/.test(meteringText) && meteringComputes >= 1;
  if (!meteringValid) {
    problems.push(
      `METERING_COMPUTES_PER_SWEEP must be a whole number of computes from 1 to 9999999 (got "${meteringText}").`,
    );
  }
  if (issuerName === '' || issuerName.length > 200) {
    problems.push('INVOICE_ISSUER_NAME must be a name of 1 to 200 characters.');
  }
  if (addressLines.length > 5 || addressLines.some((line) => line.length > 200)) {
    problems.push('INVOICE_ISSUER_ADDRESS takes at most 5 lines (separated by "|") of 200 characters.');
  }
  return {
    issuer: {
      name: issuerName || DEFAULT_ISSUER.name,
      addressLines: addressLines.slice(0, 5),
      taxId: issuerTaxId,
    },
    paymentProvider: paymentProvider ?? 'sandbox',
    graceHours,
    sweepIntervalSeconds:
      sweepSeconds >= 1 && sweepSeconds <= 3600 ? sweepSeconds : SERVER_SWEEP_INTERVAL_SECONDS,
    // Normalized: "018.50" reads "18.5".
    taxRatePercent: taxValid ? String(Number(taxText)) : '0',
    meteringComputesPerSweep: meteringValid ? meteringComputes : METERING_COMPUTES_PER_SWEEP,
  };
}
