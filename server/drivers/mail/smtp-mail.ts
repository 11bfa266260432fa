// The production mail driver: SMTP through nodemailer, to whatever server SMTP_URL names.
import nodemailer from 'nodemailer';
import type { Logger } from '../../logger';
import type { MailDriver, MailMessage } from './mail-driver';

export interface SmtpOptions {
  /** smtp://user:password@host:587 or smtps://host:465; nodemailer reads the rest from the URL's query. */
  url: string;
  from: string;
  logger: Logger;
}

export function createSmtpMail(options: SmtpOptions): MailDriver {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      options.logger.info(
        { to: message.to, subject: message.subject, messageId: info.messageId },
        'e-mail sent',
      );
    },
    close: async () => transport.close(),
  };
}
