// The billing part of the server's environment: which payment provider takes top-ups, and how long a team
// whose balance ran out keeps its computes running. Checked at start with every problem named.

export const PAYMENT_PROVIDERS = ['sandbox'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

export interface BillingConfig {
  /** PAYMENT_PROVIDER: only the sandbox so far. */
  paymentProvider: PaymentProviderKind;
  /** BILLING_GRACE_HOURS: from an empty balance to running computes powered off. */
  graceHours: number;
  /** How often the background sweep looks for teams past their grace period; 0: never (tests call it). */
  sweepIntervalSeconds: number;
}

export const DEFAULT_GRACE_HOURS = 24;

export const DEFAULT_BILLING_CONFIG: BillingConfig = {
  paymentProvider: 'sandbox',
  graceHours: DEFAULT_GRACE_HOURS,
  // The app alone (tests, embedding) never starts timers; the server passes its own.
  sweepIntervalSeconds: 0,
};

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
  return {
    paymentProvider: paymentProvider ?? 'sandbox',
    graceHours,
    sweepIntervalSeconds: SERVER_SWEEP_INTERVAL_SECONDS,
  };
}
