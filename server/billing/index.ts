// Billing: the ledger, top-ups through the payment driver, the team's billing profile, and what
// happens when the balance runs out; metering and monthly invoices (UsageSweep), built on ledger.ts.
import type { ComputeService } from '../computes';
import type { Database } from '../db';
import { ensureInstanceSettings } from '../db/instance-settings';
import type { MailDriver } from '../drivers/mail';
import { deriveSandboxSecret, SandboxProvider } from '../drivers/payment';
import type { Routes } from '../http/routes';
import type { Clock } from '../identity/clock';
import type { Logger } from '../logger';
import type { LiveUpdates } from '../socket/live-updates';
import { billingRoutes } from './billing.routes';
import { BillingService } from './billing-service';
import { callbackRoutes } from './callbacks.routes';
import { type BillingConfig, DEFAULT_BILLING_CONFIG } from './config';
import { invoiceRoutes } from './invoices.routes';

export { BillingService } from './billing-service';
export type { BillingConfig } from './config';
export {
  ledgerSum,
  postCharge,
  postCredit,
} from './ledger';
export { accruedSum } from './pending-usage';
export { billingStartPolicy } from './start-policy';
export { UsageSweep, type UsageSweepResult } from './usage-sweep';

/** Where the payment service takes provider callbacks: POST <base>/callbacks/<kind>. */
export const CALLBACKS_PATH = '/payment/api/v1/callbacks';

export interface BillingOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  mail: MailDriver;
  computes?: ComputeService;
  /** Where money moving is announced to the teams' open consoles. */
  live?: LiveUpdates;
  config?: Partial<BillingConfig>;
  publicUrl?: string;
  /** The installation secret, for the sandbox's callback signatures; read from the database when absent. */
  instanceSecret?: string;
}

export function createBillingService(options: BillingOptions): BillingService {
  const config: BillingConfig = { ...DEFAULT_BILLING_CONFIG, ...options.config };
  let secret: Promise<string> | undefined;
  const readSecret = () => {
    secret ??= (
      options.instanceSecret
        ? Promise.resolve(options.instanceSecret)
        : ensureInstanceSettings(options.db).then((settings) => settings.instanceSecret)
    ).then(deriveSandboxSecret);
    secret.catch(() => {
      secret = undefined;
    });
    return secret;
  };
  const driver = new SandboxProvider({
    db: options.db,
    clock: options.clock,
    logger: options.logger,
    secret: readSecret,
    callbackPath: `${CALLBACKS_PATH}/sandbox`,
    publicUrl: options.publicUrl,
  });
  return new BillingService({
    db: options.db,
    clock: options.clock,
    logger: options.logger,
    mail: options.mail,
    driver,
    config,
    publicUrl: options.publicUrl,
    computes: options.computes,
    live: options.live,
  });
}

export function billingResources(service: BillingService): Routes[] {
  return [...billingRoutes(service), ...invoiceRoutes(service), callbackRoutes(service)];
}
