// The payment driver: how a top-up reaches the people who move money. The embedded default is the sandbox
// provider (server/drivers/payment/sandbox), whose checkout page this server serves and which moves no
// money; a real provider's adapter implements the same three calls.
//
// Contract between the two sides:
// - createCheckout() opens a payment at the provider for one top-up and answers where the payer goes
//   (checkoutUrl) and the provider's name for the payment (providerReference, unique per provider). The
//   provider sends the payer's browser back to returnUrl afterwards, with whatever it adds to the query.
//   It is called outside any transaction of ours; a checkout nobody uses is simply never paid.
// - The outcome arrives later as a callback to POST /payment/api/v1/callbacks/<kind>. verifyCallback()
//   gets its headers and raw body and answers the event only when it really comes from the provider
//   (signature, freshness); anything else throws CallbackRefusedError. The server then refuses an event
//   id it has seen (a replay) and applies the outcome once per providerReference, so a provider that
//   retries or announces a payment twice credits it once.
// - paymentMethods() is what the provider offers, for the billing page; labels say "sandbox" where it is one.
import type { Currency } from '@/contract/teams';

export interface Checkout {
  checkoutUrl: string;
  providerReference: string;
}

export type PaymentEvent =
  | {
      id: string;
      type: 'payment.succeeded';
      providerReference: string;
      amountMinor: number;
      currency: Currency;
    }
  | { id: string; type: 'payment.declined'; providerReference: string; reason: string };

export interface PaymentMethod {
  id: string;
  kind: 'card' | 'mobile_money' | 'bank_transfer';
  label: string;
}

export interface PaymentDriverInfo {
  kind: 'sandbox';
  /** As the console shows it: "Sandbox". */
  name: string;
  /** True when no real money moves; the console says so wherever it shows payments. */
  sandbox: boolean;
}

export interface PaymentDriver {
  readonly info: PaymentDriverInfo;
  createCheckout(
    amountMinor: number,
    currency: Currency,
    teamId: string,
    returnUrl: string,
  ): Promise<Checkout>;
  /** The event the callback carries, once its signature and age check out; throws CallbackRefusedError. */
  verifyCallback(headers: Headers, rawBody: string): Promise<PaymentEvent>;
  paymentMethods(): PaymentMethod[];
}

/** A callback that is not from the provider (bad or missing signature) or too old to trust. */
export class CallbackRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CallbackRefusedError';
  }
}
