// Picks the mail driver from the configuration: SMTP when SMTP_URL is set, else the embedded outbox.
import type { Database } from '../../db';
import type { Logger } from '../../logger';
import type { MailDriver } from './mail-driver';
import { createOutboxMail } from './outbox-mail';
import { createSmtpMail } from './smtp-mail';

export type { MailDriver, MailMessage } from './mail-driver';
export { createOutboxMail } from './outbox-mail';
export { createSmtpMail } from './smtp-mail';

export function createMailDriver(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Database;
  logger: Logger;
}): MailDriver {
  return options.smtpUrl
    ? createSmtpMail({ url: options.smtpUrl, from: options.from, logger: options.logger })
    : createOutboxMail(options.db, options.logger);
}
