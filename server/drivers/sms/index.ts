// Picks the SMS driver from the configuration: Kannel with SMS_DRIVER=kannel, else the embedded outbox.
import type { Database } from '../../db';
import type { Logger } from '../../logger';
import { KannelSms, type ReportUrl } from './kannel/kannel-sms';
import { createOutboxSms } from './outbox-sms';
import type { SmsDriverConfig } from './sms-config';
import type { SmsDriver } from './sms-driver';

export { KannelSms, type ReportUrl } from './kannel/kannel-sms';
export { createOutboxSms } from './outbox-sms';
export type { SmsDriverConfig } from './sms-config';
export type {
  SmsDriver,
  SmsMessage,
} from './sms-driver';
export {
  DEFAULT_SMS_RETRY,
  type SmsRecord,
  type SmsRetryPolicy,
  SmsSender,
} from './sms-sender';

export function createSmsDriver(options: {
  config: SmsDriverConfig;
  db: Database;
  logger: Logger;
  instanceSecret: string;
  reportUrl: ReportUrl;
}): SmsDriver {
  const { kannel } = options.config;
  return options.config.smsDriver === 'kannel' && kannel
    ? new KannelSms(kannel, options.instanceSecret, options.reportUrl)
    : createOutboxSms(options.db, options.logger);
}
