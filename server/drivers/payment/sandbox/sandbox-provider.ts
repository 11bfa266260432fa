// The embedded payment provider: a checkout page served by this server (checkout.routes.ts) where the
// payer approves or declines, and a signed callback to the payment service announcing the outcome, as a
// real provider would send it. Nothing leaves the machine and no money moves; every page says so.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Currency } from '@/contract/teams';
import type { Database } from '../../../db';
import { sandboxCheckouts } from '../../../db/schema';
import { currentLanguage } from '../../../i18n/languages';
import type { Clock } from '../../../identity/clock';
import type { Logger } from '../../../logger';
import {
  CallbackRefusedError,
  type Checkout,
  type PaymentDriver,
  type PaymentEvent,
  type PaymentMethod,
} from '../payment-driver';
import { checkSignature, SIGNATURE_HEADER, signCallback, TIMESTAMP_HEADER } from './signature';

/** Where the checkout pages are served (outside the API). */
export const SANDBOX_CHECKOUT_PATH = '/payment/sandbox';
/** A checkout nobody finishes expires after an hour, like the top-up it belongs to. */
export const CHECKOUT_TTL_MS = 3_600_000;

export const DECLINE_REASONS = [
  'The card was declined by its issuer.',
  'Not enough funds on the account.',
  'The payer cancelled the payment.',
] as const;

export type SandboxCheckout = typeof sandboxCheckouts.$inferSelect;

export interface SandboxOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** The signing secret (deriveSandboxSecret of the installation secret); read once, on first use. */
  secret: () => Promise<string>;
  /**
   * Sends the callback request to the payment service: the app's own fetch, so no network is needed (the
   * app connects it with connect() once it exists).
   */
  deliver?: (request: Request) => Promise<Response>;
  /** Where the payment service takes callbacks, e.g. /payment/api/v1/callbacks/sandbox. */
  callbackPath: string;
  /** PUBLIC_URL, to make absolute checkout links; undefined: links relative to the console's origin. */
  publicUrl?: string;
}

export type DecisionOutcome =
  | { kind: 'decided'; checkout: SandboxCheckout; outcome: 'succeeded' | 'declined' }
  | { kind: 'not-pending'; checkout: SandboxCheckout }
  | { kind: 'expired'; checkout: SandboxCheckout }
  | { kind: 'undelivered'; checkout: SandboxCheckout; status: number };

export class SandboxProvider implements PaymentDriver {
  readonly info = { kind: 'sandbox', name: 'Sandbox', sandbox: true } as const;

  private deliver: ((request: Request) => Promise<Response>) | undefined;

  constructor(private readonly options: SandboxOptions) {
    this.deliver = options.deliver;
  }

  /** Where callbacks go: the app that serves the payment service. */
  connect(deliver: (request: Request) => Promise<Response>): void {
    this.deliver = deliver;
  }

  async createCheckout(
    amountMinor: number,
    currency: Currency,
    teamId: string,
    returnUrl: string,
  ): Promise<Checkout> {
    const now = this.options.clock.now();
    const reference = `sbx_${randomBytes(24).toString('base64url')}`;
    // The page is opened by the browser without a session: it is worded in the language the top-up asked in.
    const { locale, timeZone } = currentLanguage();
    await this.options.db.insert(sandboxCheckouts).values({
      locale,
      timeZone,
      reference,
      teamId,
      amountMinor,
      currency,
      returnUrl,
      status: 'pending',
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
    });
    const path = `${SANDBOX_CHECKOUT_PATH}/checkout/${reference}`;
    return { checkoutUrl: `${this.options.publicUrl ?? ''}${path}`, providerReference: reference };
  }

  async verifyCallback(headers: Headers, rawBody: string): Promise<PaymentEvent> {
    const check = checkSignature(await this.options.secret(), headers, rawBody, this.options.clock.now());
    if (!check.ok) throw new CallbackRefusedError(check.reason);
    const event = parseEvent(rawBody);
    if (!event) throw new CallbackRefusedError('The callback’s body is not a payment event.');
    return event;
  }

  paymentMethods(): PaymentMethod[] {
    return [
      { id: 'sandbox-card', kind: 'card', label: 'Card (sandbox)' },
      { id: 'sandbox-mobile-money', kind: 'mobile_money', label: 'Mobile money (sandbox)' },
    ];
  }

  async checkout(reference: string): Promise<SandboxCheckout | undefined> {
    const [row] = await this.options.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.reference, reference));
    return row;
  }

  /** The payer's choice on the checkout page: the callback goes out, and only once it is taken does the checkout close. */
  async decide(
    reference: string,
    decision: { approve: true } | { approve: false; reason: string },
  ): Promise<DecisionOutcome | undefined> {
    const checkout = await this.checkout(reference);
    if (!checkout) return undefined;
    if (checkout.status !== 'pending') return { kind: 'not-pending', checkout };
    const now = this.options.clock.now();
    if (checkout.expiresAt.getTime() <= now.getTime()) return { kind: 'expired', checkout };

    const event: PaymentEvent = decision.approve
      ? {
          id: `evt_${randomUUID()}`,
          type: 'payment.succeeded',
          providerReference: reference,
          amountMinor: checkout.amountMinor,
          currency: checkout.currency as Currency,
        }
      : {
          id: `evt_${randomUUID()}`,
          type: 'payment.declined',
          providerReference: reference,
          reason: decision.reason,
        };
    const status = await this.send(event, now);
    if (status < 200 || status >= 300) {
      this.options.logger.warn({ reference, status }, 'the payment service did not take a sandbox callback');
      return { kind: 'undelivered', checkout, status };
    }
    const [closed] = await this.options.db
      .update(sandboxCheckouts)
      .set({ status: decision.approve ? 'approved' : 'declined', decidedAt: now })
      .where(and(eq(sandboxCheckouts.reference, reference), eq(sandboxCheckouts.status, 'pending')))
      .returning();
    return {
      kind: 'decided',
      checkout: closed ?? checkout,
      outcome: decision.approve ? 'succeeded' : 'declined',
    };
  }

  /** Signs and delivers one event; answers the HTTP status the payment service gave. */
  async send(event: PaymentEvent, now: Date): Promise<number> {
    const body = JSON.stringify(event);
    const timestamp = Math.floor(now.getTime() / 1000);
    const signature = signCallback(await this.options.secret(), timestamp, body);
    if (!this.deliver) throw new Error('The sandbox provider is not connected to the payment service.');
    const response = await this.deliver(
      new Request(`http://sandbox.invalid${this.options.callbackPath}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signature,
          'User-Agent': 'Ikirere sandbox payments',
        },
        body,
      }),
    );
    await response.body?.cancel();
    return response.status;
  }
}

function parseEvent(rawBody: string): PaymentEvent | undefined {
  let data: unknown;
  try {
    data = JSON.parse(rawBody);
  } catch {
    return undefined;
  }
  if (!data || typeof data !== 'object') return undefined;
  const event = data as Record<string, unknown>;
  if (typeof event.id !== 'string' || typeof event.providerReference !== 'string') return undefined;
  if (event.type === 'payment.succeeded') {
    const { amountMinor, currency } = event;
    if (!Number.isSafeInteger(amountMinor) || (currency !== 'RWF' && currency !== 'USD')) return undefined;
    return {
      id: event.id,
      type: 'payment.succeeded',
      providerReference: event.providerReference,
      amountMinor: amountMinor as number,
      currency,
    };
  }
  if (event.type === 'payment.declined' && typeof event.reason === 'string') {
    return {
      id: event.id,
      type: 'payment.declined',
      providerReference: event.providerReference,
      reason: event.reason.slice(0, 200),
    };
  }
  return undefined;
}
