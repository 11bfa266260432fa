// The embedded mail driver: nothing leaves the machine. Each message is kept in outbox_messages for the
// development mailbox page, and one log line names its recipient and subject (never its text: codes).
import type { Database } from '../../db';
import { outboxMessages } from '../../db/schema';
import type { Logger } from '../../logger';
import type { MailDriver, MailMessage } from './mail-driver';

export function createOutboxMail(db: Database, logger: Logger): MailDriver {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await db.insert(outboxMessages).values({
        channel: 'email',
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      logger.info({ to: message.to, subject: message.subject }, 'e-mail kept in the outbox');
    },
    close: async () => {},
  };
}
