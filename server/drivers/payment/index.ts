// Picks the payment driver from the configuration. Only the sandbox exists so far (PAYMENT_PROVIDER=sandbox).
export {
  CallbackRefusedError,
  type PaymentDriver,
  type PaymentEvent,
} from './payment-driver';
export { SANDBOX_CHECKOUT_PATH, SandboxProvider } from './sandbox/sandbox-provider';
export { deriveSandboxSecret } from './sandbox/signature';
