// Picks the payment driver from the configuration. Only the sandbox exists so far (PAYMENT_PROVIDER=sandbox).
export {
  CallbackRefusedError,
  type Checkout,
  type PaymentDriver,
  type PaymentEvent,
  type PaymentMethod,
} from './payment-driver';
export { SANDBOX_CHECKOUT_PATH, type SandboxOptions, SandboxProvider } from './sandbox/sandbox-provider';
export { deriveSandboxSecret } from './sandbox/signature';
