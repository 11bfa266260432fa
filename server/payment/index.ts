// The payment service (SPEC §7): balance, invoices and team billing. Routes come with the billing issue;
// mounting the empty service now reserves its base path (no console fallback there).
import type { Service } from '../http/routes';

export const PAYMENT_BASE_PATH = '/payment/api/v1';

export function paymentService(): Service {
  return { name: 'Payment', basePath: PAYMENT_BASE_PATH, resources: [] };
}
