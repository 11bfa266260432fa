// The embedded SMS gateway: messages are kept in outbox_messages for the development mailbox, and one log
// line names the recipient (never the text, which holds the code). It never reaches a phone, so a text it
// took is "sent" and stays so: it is never reported delivered.
import type { Database } from '../../db';
import { outboxMessages } from '../../db/schema';
import type { Logger } from '../../logger';
import type { SmsDriver, SmsMessage } from './sms-driver';

export function createOutboxSms(db: Database, logger: Logger): SmsDriver {
  return {
    kind: 'outbox',
    async send(message: SmsMessage) {
      await db.insert(outboxMessages).values({ channel: 'sms', to: message.to, text: message.text });
      logger.info({ to: message.to }, 'text message kept in the outbox');
      return { held: false, final: true };
    },
  };
}
