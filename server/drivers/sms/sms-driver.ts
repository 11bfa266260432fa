// How the server hands a text message to a gateway: the embedded outbox (development) or Kannel (an SMPP
// connection to an operator's SMS centre). The state of each text (queued, sent, delivered…) is kept by
// the sender (sms-sender.ts) in the database; a driver only makes one attempt and says how it went.
export interface SmsMessage {
  /** E.164: +250788123456. */
  to: string;
  text: string;
}

/** What the driver needs to know about the text it sends: its id, for the gateway's delivery reports. */
export interface SmsTracking {
  messageId: string;
}

/** The gateway took the text. */
export interface SmsAccepted {
  /**
   * True when the gateway keeps the text until its SMS centre is back (Kannel answers "3: Queued for later
   * delivery"): it went, but nothing has reached the network yet.
   */
  held: boolean;
  /** The outbox never delivers: the text is as far as it will ever go once accepted. */
  final: boolean;
}

/**
 * An attempt that failed. `retry` says whether trying again may help (the gateway is down or busy) or
 * never will (the gateway refuses our credentials or the number): the sender stops at once then.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export interface SmsDriver {
  readonly kind: 'outbox' | 'kannel';
  /** Hands the text to the gateway once; throws SmsSendError when it did not take it. */
  send(message: SmsMessage, tracking: SmsTracking): Promise<SmsAccepted>;
}
