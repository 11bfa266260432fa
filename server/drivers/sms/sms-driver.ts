// How the server sends text messages. The outbox is the only gateway so far; a real one (Africa's
// Talking, Twilio, …) implements this interface and is chosen by configuration.
export interface SmsMessage {
  /** E.164: +250788123456. */
  to: string;
  text: string;
}

export interface SmsDriver {
  readonly kind: 'outbox';
  send(message: SmsMessage): Promise<void>;
}
