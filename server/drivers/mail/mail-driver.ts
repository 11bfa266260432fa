// How the server sends e-mail: the embedded outbox by default, SMTP when SMTP_URL is set.
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text: readable in every client and in the development mailbox. */
  text: string;
}

export interface MailDriver {
  /** outbox keeps messages in the database (and the development mailbox); smtp hands them on. */
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
