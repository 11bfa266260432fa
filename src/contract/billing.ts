// Billing: balance, ledger, top-ups, the team's billing profile and the payment methods on offer — the
// payment service's /teams/:teamId/… resources (SPEC §3 currency RWF or USD; §7 /payment/api/v1).
// Every amount is an integer in minor units of the team's currency: RWF has none (1 = 1 franc), USD has
// cents (100 = $1.00).
import * as v from 'valibot';
import { type MessageId, translated } from '@/i18n/state';
import { uuid } from './ids';
import { type Currency, currencySchema } from './teams';

const isoDate = v.pipe(v.string(), v.isoTimestamp());
const minor = v.pipe(v.number(), v.safeInteger());

/** What one top-up may be, per currency, in minor units: RWF 1,000–5,000,000; USD $1.00–$5,000.00. */
export const TOP_UP_LIMITS: Record<Currency, { minMinor: number; maxMinor: number }> = {
  RWF: { minMinor: 1_000, maxMinor: 5_000_000 },
  USD: { minMinor: 100, maxMinor: 500_000 },
};

/** The low-balance alert threshold a team starts with, per currency: RWF 5,000 or $5.00. */
export const DEFAULT_LOW_BALANCE_THRESHOLD: Record<Currency, number> = { RWF: 5_000, USD: 500 };

/** Entries and top-ups per page. */
export const BILLING_PAGE_SIZE = 50;

// ── Balance ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * ok: at or above the threshold; low: under it (the owners were e-mailed when it crossed); depleted: a
 * charge took it to zero or below. Once the grace period ends (graceEndsAt) running computes are powered
 * off, and starting or creating computes is refused until a top-up makes the balance positive again.
 */
export const balanceStatusSchema = v.picklist(['ok', 'low', 'depleted']);
export type BalanceStatus = v.InferOutput<typeof balanceStatusSchema>;

export const balanceSchema = v.object({
  currency: currencySchema,
  balanceMinor: minor,
  lowBalanceThresholdMinor: minor,
  status: balanceStatusSchema,
  depletedSince: v.nullable(isoDate),
  graceEndsAt: v.nullable(isoDate),
});
export type Balance = v.InferOutput<typeof balanceSchema>;

// ── Ledger ───────────────────────────────────────────────────────────────────────────────────────────

/** top_up: money paid in; adjustment: a correction by an operator; charge: usage (negative). */
export const ledgerEntryKindSchema = v.picklist(['top_up', 'adjustment', 'charge']);
export type LedgerEntryKind = v.InferOutput<typeof ledgerEntryKindSchema>;

export const ledgerEntrySchema = v.object({
  id: uuid,
  kind: ledgerEntryKindSchema,
  /** Positive for credits, negative for charges. */
  amountMinor: minor,
  currency: currencySchema,
  /** The balance right after this entry. */
  balanceAfterMinor: minor,
  description: v.string(),
  topUpId: v.nullable(uuid),
  computeId: v.nullable(uuid),
  /** The usage period a charge covers (a compute's month: its first hour to the end of its last); null for credits. */
  periodStart: v.nullable(isoDate),
  periodEnd: v.nullable(isoDate),
  createdAt: isoDate,
});
export type LedgerEntry = v.InferOutput<typeof ledgerEntrySchema>;

export const pageQuerySchema = v.object({
  /** nextCursor of the previous page; absent for the first (newest) page. */
  cursor: v.optional(v.pipe(v.string(), v.maxLength(100, translated('contract.billing.cursor')))),
});

/**
 * Usage taken off the balance as hours start but not in the ledger yet: each compute's month, and each
 * volume's and image's month at each size, is posted as one charge when the month is over. Shown above the newest entry; null when nothing is accruing.
 */
export const pendingUsageSchema = v.object({
  /** Negative: what the open months of usage came to so far. */
  amountMinor: minor,
  currency: currencySchema,
  /** The balance with it taken off: the balance the team has now. */
  balanceAfterMinor: minor,
  /** How many computes' months it is. */
  computes: v.number(),
  /** How many volumes and team images are in it (each charged by the hour at its size). */
  volumes: v.number(),
  images: v.number(),
  /** The first hour it covers. */
  since: isoDate,
});
export type PendingUsage = v.InferOutput<typeof pendingUsageSchema>;

export const ledgerPageSchema = v.object({
  /** Newest first. */
  entries: v.array(ledgerEntrySchema),
  nextCursor: v.nullable(v.string()),
  /** Only on the first page. */
  pending: v.nullable(pendingUsageSchema),
});

// ── Top-ups ──────────────────────────────────────────────────────────────────────────────────────────

/** pending: waiting for the payer at the provider's checkout; expired: nobody paid within an hour. */
export const topUpStatusSchema = v.picklist(['pending', 'succeeded', 'declined', 'expired']);
export type TopUpStatus = v.InferOutput<typeof topUpStatusSchema>;

export const topUpSchema = v.object({
  id: uuid,
  status: topUpStatusSchema,
  amountMinor: minor,
  currency: currencySchema,
  /** Where the payer goes to pay (the provider's page; the sandbox's is served by this server). */
  checkoutUrl: v.string(),
  /** The provider's words when it was declined. */
  declineReason: v.nullable(v.string()),
  createdAt: isoDate,
  /** When the payment succeeded or was declined. */
  completedAt: v.nullable(isoDate),
  expiresAt: isoDate,
});
export type TopUp = v.InferOutput<typeof topUpSchema>;

export const topUpAnswerSchema = v.object({ topUp: topUpSchema });

export const topUpPageSchema = v.object({
  /** Newest first. */
  topUps: v.array(topUpSchema),
  nextCursor: v.nullable(v.string()),
});

/** The amount is checked against TOP_UP_LIMITS of the team's currency by the server (field amountMinor). */
export const createTopUpRequestSchema = v.object({
  amountMinor: v.pipe(
    v.number(translated('contract.billing.amountRequired')),
    v.safeInteger(translated('contract.billing.wholeMinor')),
    v.minValue(1, translated('contract.billing.amountPositive')),
  ),
});

// ── Billing profile ──────────────────────────────────────────────────────────────────────────────────

/** A text field of the profile, with its own words for a value that is not text and one that is too long. */
const optionalText = (max: number, words: { notText: MessageId; tooLong: MessageId }) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(translated(words.notText)),
        v.trim(),
        v.maxLength(max, translated(words.tooLong, { max })),
        v.transform((text) => (text === '' ? null : text)),
      ),
    ),
    null,
  );

export const billingProfileSchema = v.object({
  /** Where invoices and balance alerts go besides the owner; null: the owner's address only. */
  billingEmail: v.nullable(v.string()),
  companyName: v.nullable(v.string()),
  addressLine1: v.nullable(v.string()),
  addressLine2: v.nullable(v.string()),
  city: v.nullable(v.string()),
  postalCode: v.nullable(v.string()),
  /** ISO 3166-1 alpha-2, upper case. */
  country: v.nullable(v.string()),
  taxId: v.nullable(v.string()),
  lowBalanceThresholdMinor: minor,
  currency: currencySchema,
});
export type BillingProfile = v.InferOutput<typeof billingProfileSchema>;

const ADDRESS_WORDS = {
  notText: 'contract.billing.address.notText',
  tooLong: 'contract.billing.address.tooLong',
} as const;

/** The whole form: absent and empty fields are cleared; currency absent keeps the team's. */
export const updateBillingProfileRequestSchema = v.object({
  billingEmail: v.optional(
    v.nullable(
      v.pipe(
        v.string(translated('contract.billing.email')),
        v.trim(),
        v.toLowerCase(),
        v.maxLength(254, translated('contract.email.tooLong', { max: 254 })),
        v.check(
          (text) => text === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text),
          translated('contract.billing.email'),
        ),
        v.transform((text) => (text === '' ? null : text)),
      ),
    ),
    null,
  ),
  companyName: optionalText(120, {
    notText: 'contract.billing.companyName.notText',
    tooLong: 'contract.billing.companyName.tooLong',
  }),
  addressLine1: optionalText(120, ADDRESS_WORDS),
  addressLine2: optionalText(120, ADDRESS_WORDS),
  city: optionalText(80, {
    notText: 'contract.billing.city.notText',
    tooLong: 'contract.billing.city.tooLong',
  }),
  postalCode: optionalText(20, {
    notText: 'contract.billing.postalCode.notText',
    tooLong: 'contract.billing.postalCode.tooLong',
  }),
  country: v.optional(
    v.nullable(
      v.pipe(
        v.string(translated('contract.billing.country.required')),
        v.trim(),
        v.toUpperCase(),
        v.check(
          (text) => text === '' || /^[A-Z]{2}$/.test(text),
          translated('contract.billing.country.invalid'),
        ),
        v.transform((text) => (text === '' ? null : text)),
      ),
    ),
    null,
  ),
  taxId: optionalText(40, {
    notText: 'contract.billing.taxId.notText',
    tooLong: 'contract.billing.taxId.tooLong',
  }),
  lowBalanceThresholdMinor: v.optional(
    v.pipe(
      v.number(translated('contract.billing.threshold.required')),
      v.safeInteger(translated('contract.billing.wholeMinor')),
      v.minValue(0, translated('contract.billing.threshold.negative')),
    ),
  ),
  currency: v.optional(currencySchema),
});

// ── Payment methods ──────────────────────────────────────────────────────────────────────────────────

export const paymentMethodSchema = v.object({
  id: v.string(),
  kind: v.picklist(['card', 'mobile_money', 'bank_transfer']),
  /** As the console shows it, e.g. "Card (sandbox)". */
  label: v.string(),
});
export const paymentMethodsSchema = v.object({
  /** The provider's name, e.g. "Sandbox". */
  provider: v.string(),
  /** True for the sandbox: no real money moves, and the console says so. */
  sandbox: v.boolean(),
  methods: v.array(paymentMethodSchema),
  topUpLimits: v.object({ minMinor: minor, maxMinor: minor }),
});

// ── Provider callbacks (the provider's side, not the console's) ──────────────────────────────────────

export const paymentCallbackAnswerSchema = v.object({
  /** credited / declined: the top-up changed; unchanged: it was already settled, or unknown here. */
  outcome: v.picklist(['credited', 'declined', 'unchanged']),
  topUpId: v.nullable(uuid),
});

/** What is stored and charged per GB-month: a volume, a team image. */
export const storageKindSchema = v.picklist(['volume', 'image']);
export type StorageKind = v.InferOutput<typeof storageKindSchema>;

/**
 * A volume's or team image's month at one size: charged by the started hour at the size's share of its
 * monthly price, never more than the monthly price (src/domain/storage-prices.ts). A volume grown in the
 * month has a line per size.
 */
export const storageInvoiceLineSchema = v.object({
  kind: storageKindSchema,
  /** The volume's or image's id. */
  id: uuid,
  name: v.string(),
  sizeGb: v.pipe(v.number(), v.safeInteger()),
  /** Started hours at this size in the period. */
  hours: v.pipe(v.number(), v.safeInteger()),
  /** The whole month's price at this size (per GB-month × size). */
  monthlyMinor: minor,
  amountMinor: minor,
  /** The monthly price stopped the hours' share. */
  capped: v.boolean(),
});
export type StorageInvoiceLine = v.InferOutput<typeof storageInvoiceLineSchema>;

/**
 * A compute's backups in the month: a day of backups (24 hours of the backup price, a share of the plan's)
 * charged as each daily backup began, never more than the monthly backup price (src/domain/backups.ts).
 */
export const backupInvoiceLineSchema = v.object({
  computeId: uuid,
  hostname: v.string(),
  /** The days of backups charged in the period (a day the monthly cap left nothing of is not counted). */
  days: v.pipe(v.number(), v.safeInteger()),
  /** A whole day's charge: 24 hours of the backup price. */
  dayRateMinor: minor,
  amountMinor: minor,
  /** The monthly backup price stopped a day's charge. */
  capped: v.boolean(),
});
export type BackupInvoiceLine = v.InferOutput<typeof backupInvoiceLineSchema>;

// ── Usage (metering) ─────────────────────────────────────────────────────────────────────────────────

/**
 * A compute is charged its plan's hourly price for every started hour it exists, from the request that
 * made it to its destruction — running, stopped (it keeps its disk and address) or in error alike —
 * and never more than the plan's monthly price in one calendar month (UTC).
 */
export const usageComputeSchema = v.object({
  computeId: uuid,
  hostname: v.string(),
  /** Started hours of this compute in the period so far. */
  hours: v.pipe(v.number(), v.safeInteger()),
  /** The plan's hourly price in the team's currency. */
  rateMinor: minor,
  /** What was charged: hours × rate, or the plan's monthly price when that is lower. */
  amountMinor: minor,
});

export const usageDaySchema = v.object({
  /** A UTC day, YYYY-MM-DD. */
  date: v.pipe(v.string(), v.isoDate()),
  amountMinor: minor,
});

export const usageSchema = v.object({
  currency: currencySchema,
  /** Charged for usage since the start of the calendar month (UTC). */
  monthToDateMinor: minor,
  /** Month-to-date plus what the live computes will cost until the month ends, each within its monthly cap. */
  projectedMonthEndMinor: minor,
  periodStart: isoDate,
  periodEnd: isoDate,
  byCompute: v.array(usageComputeSchema),
  /** The volumes and team images charged this month so far, one line per thing and size. */
  byStorage: v.array(storageInvoiceLineSchema),
  /** Every UTC day of the month up to today, days without usage included. */
  daily: v.array(usageDaySchema),
});
export type Usage = v.InferOutput<typeof usageSchema>;

// ── Invoices ─────────────────────────────────────────────────────────────────────────────────────────

export const invoiceLineSchema = v.object({
  computeId: uuid,
  hostname: v.string(),
  /** The plan's name, e.g. "1 vCPU · 1 GB". */
  plan: v.string(),
  hours: v.pipe(v.number(), v.safeInteger()),
  rateMinor: minor,
  /** hours × rate, or the plan's monthly price when that is lower (capped: true). */
  amountMinor: minor,
  capped: v.boolean(),
});
export type InvoiceLine = v.InferOutput<typeof invoiceLineSchema>;

/** Who the invoice is addressed to, as the team's billing profile read when it was issued. */
export const invoiceBillToSchema = v.object({
  teamName: v.string(),
  companyName: v.nullable(v.string()),
  billingEmail: v.nullable(v.string()),
  addressLine1: v.nullable(v.string()),
  addressLine2: v.nullable(v.string()),
  city: v.nullable(v.string()),
  postalCode: v.nullable(v.string()),
  country: v.nullable(v.string()),
  taxId: v.nullable(v.string()),
});
export type InvoiceBillTo = v.InferOutput<typeof invoiceBillToSchema>;

/** paid: the balance covered every charge of the invoice (it was zero or more after them); unpaid: not yet. */
export const invoiceStatusSchema = v.picklist(['paid', 'unpaid']);

export const invoiceSummarySchema = v.object({
  id: uuid,
  /** Sequential per server and year of issue, without gaps: IK-2026-000123. */
  number: v.string(),
  currency: currencySchema,
  periodStart: isoDate,
  periodEnd: isoDate,
  totalMinor: minor,
  status: invoiceStatusSchema,
  issuedAt: isoDate,
  paidAt: v.nullable(isoDate),
});
export type InvoiceSummary = v.InferOutput<typeof invoiceSummarySchema>;

export const invoiceSchema = v.object({
  ...invoiceSummarySchema.entries,
  lines: v.array(invoiceLineSchema),
  /** The month's volumes and team images (absent on invoices issued before they were charged). */
  storageLines: v.optional(v.array(storageInvoiceLineSchema), []),
  /** The month's backups, one line per compute (absent on invoices issued before they were listed). */
  backupLines: v.optional(v.array(backupInvoiceLineSchema), []),
  subtotalMinor: minor,
  /** The TAX_RATE_PERCENT in force at issue, e.g. "18" or "16.5". */
  taxRatePercent: v.string(),
  /** subtotal × rate, rounded half up to a whole minor unit. */
  taxMinor: minor,
  billTo: invoiceBillToSchema,
});
export type Invoice = v.InferOutput<typeof invoiceSchema>;

export const invoiceListSchema = v.object({ invoices: v.array(invoiceSummarySchema) });

// ── The sandbox's simulated month end ────────────────────────────────────────────────────────────────

/** What simulating the month's end did: the hours it charged, and the invoice it issued (null: no usage). */
export const monthEndSimulationSchema = v.object({
  hoursCharged: v.pipe(v.number(), v.safeInteger()),
  invoice: v.nullable(invoiceSummarySchema),
});
export type MonthEndSimulation = v.InferOutput<typeof monthEndSimulationSchema>;
