// The Kannel driver: each text goes to Kannel's smsbox over HTTP (the sendsms interface); Kannel keeps the
// SMPP connection to the SMS centre, throttles and routes. Delivery reports come back to
// server/user/auth/sms-delivery-reports.routes.ts at a URL that names the text and carries a token only this installation can
// make, so a report cannot be forged for a text by someone who does not hold the token.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SegmentedMessage } from 'sms-segments-calculator';
import {
  type SmsAccepted,
  type SmsDriver,
  type SmsMessage,
  SmsSendError,
  type SmsTracking,
} from '../sms-driver';
import type { KannelConfig } from './kannel-config';

/** Kannel's dlr-mask: 1 delivered, 2 not delivered to the phone, 4 buffered, 8 taken by the SMS centre, 16 refused by it. */
export const DLR_MASK = 1 | 2 | 4 | 8 | 16;

/** How long Kannel may take to answer a sendsms request (it only queues the text, in milliseconds). */
const SEND_TIMEOUT_MS = 10_000;

/** Where a report for one text is sent; Kannel fills in %d (the report type), %A (the centre's answer), %F. */
export type ReportUrl = (messageId: string, token: string) => string;

/** The data coding the network needs: GSM 03.38 (7-bit) when every character has a place in it, else UCS-2. */
export function codingFor(text: string): { coding: 0 | 2; parts: number } {
  const segmented = new SegmentedMessage(text, 'auto');
  return { coding: segmented.encodingName === 'GSM-7' ? 0 : 2, parts: segmented.segmentsCount };
}

export class KannelSms implements SmsDriver {
  readonly kind = 'kannel';
  private readonly reportKey: Buffer;

  constructor(
    private readonly config: KannelConfig,
    /** The installation secret: the report tokens are derived from it, so every server checks them alike. */
    instanceSecret: string,
    /** The report URL for a text; the server knows its own address only once it listens. */
    private readonly reportUrl: ReportUrl,
  ) {
    this.reportKey = createHmac('sha256', instanceSecret)
      .update('ikirere kannel delivery reports v1')
      .digest();
  }

  /** The token a report for this text must carry. */
  reportToken(messageId: string): string {
    return createHmac('sha256', this.reportKey).update(messageId).digest('base64url');
  }

  /** Whether a report's token is this text's, compared in constant time. */
  acceptsReport(messageId: string, token: string): boolean {
    const expected = Buffer.from(this.reportToken(messageId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  async send(message: SmsMessage, tracking: SmsTracking): Promise<SmsAccepted> {
    const { coding } = codingFor(message.text);
    const url = new URL(this.config.sendsmsUrl);
    const params = url.searchParams;
    params.set('username', this.config.username);
    params.set('password', this.config.password);
    params.set('from', this.config.sender);
    // International form: Kannel takes the leading + off and marks the number international on SMPP.
    params.set('to', message.to.startsWith('+') ? message.to : `+${message.to}`);
    params.set('text', message.text);
    params.set('charset', 'UTF-8');
    params.set('coding', String(coding));
    params.set('dlr-mask', String(DLR_MASK));
    params.set('dlr-url', this.reportUrl(tracking.messageId, this.reportToken(tracking.messageId)));
    if (this.config.smsc) params.set('smsc', this.config.smsc);

    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
    } catch (error) {
      // The URL holds the password and the text: only the address goes into the message.
      throw new SmsSendError(`Kannel did not answer at ${url.host}: ${networkReason(error)}.`, true);
    }
    const body = (await response.text().catch(() => '')).trim().slice(0, 200);
    if (response.status === 202 || response.status === 200) {
      // "0: Accepted for delivery", or "3: Queued for later delivery" while no SMS centre is connected.
      return { held: body.startsWith('3:'), final: false };
    }
    if (response.status >= 500) {
      throw new SmsSendError(`Kannel could not take the text for now (${response.status} ${body}).`, true);
    }
    // 4xx: wrong credentials, a number or sender Kannel will never route; trying again cannot help.
    throw new SmsSendError(`Kannel refused the text (${response.status} ${body}).`, false);
  }
}

function networkReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `no answer within ${SEND_TIMEOUT_MS / 1000} s`;
  }
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused (is smsbox running?)';
  if (cause?.code) return cause.code;
  return error instanceof Error ? error.message : String(error);
}
