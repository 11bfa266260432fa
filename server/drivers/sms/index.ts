export { createOutboxSms } from './outbox-sms';
export type { SmsDriver, SmsMessage } from './sms-driver';
