// The payment service (SPEC §7): balance, ledger, top-ups, team billing and the provider's callbacks
// (server/billing). Invoices come with their own issue.
import { type BillingService, billingResources } from '../billing';
import type { Service } from '../http/routes';

export const PAYMENT_BASE_PATH = '/payment/api/v1';

export function paymentService(billing: BillingService): Service {
  return { name: 'Payment', basePath: PAYMENT_BASE_PATH, resources: billingResources(billing) };
}
