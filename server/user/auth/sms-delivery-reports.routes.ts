// GET /user/api/v1/sms/kannel/delivery-reports/:messageId — where Kannel reports what became of a text
// (its dlr-url, fetched by smsbox). No session: the token in the URL is the credential, made from the
// installation secret for this one text and compared in constant time; anything else is refused with 401
// and logged. Any server sharing the database can take the report: the text's state is in the database.
import * as v from 'valibot';
import { KannelSms } from '../../drivers/sms/kannel/kannel-sms';
import type { DeliveryOutcome } from '../../drivers/sms/sms-sender';
import { clientIp } from '../../http/client-info';
import { idParam } from '../../http/path-params';
import { ProblemError } from '../../http/problem';
import { defineRoutes, type Routes } from '../../http/routes';
import { t } from '../../i18n/t';
import { USER_BASE_PATH } from '../base-path';

export const DELIVERY_REPORTS_PATH = '/sms/kannel/delivery-reports';

/** The dlr-url of one text: Kannel fills in %d (the report type), %A (the centre's answer) and %F (its id). */
export function deliveryReportUrl(base: string, messageId: string, token: string): string {
  const path = `${USER_BASE_PATH}${DELIVERY_REPORTS_PATH}/${messageId}`;
  return `${base}${path}?token=${encodeURIComponent(token)}&type=%d&answer=%A&centre-id=%F`;
}

/** Kannel's report types (dlr-mask bits) as what they mean for the person waiting for the text. */
export function outcomeOf(type: number): DeliveryOutcome | undefined {
  switch (type) {
    case 1:
      return 'delivered';
    case 2: // not delivered to the phone (expired, rejected, unknown subscriber…)
    case 16: // the SMS centre refused it
      return 'undelivered';
    case 4: // buffered: the centre keeps trying the phone
    case 8: // the centre took it
      return 'in-network';
    default:
      return undefined;
  }
}

/**
 * What the centre said, without the start of the text an SMPP receipt repeats ("text:…", which may be the
 * code): "stat:UNDELIV err:001", or Kannel's "NACK/0x0000000b/Invalid Destination Address".
 */
export function reportDetail(answer: string | undefined): string | undefined {
  if (!answer) return undefined;
  const stat = /\bstat:(\S+)/i.exec(answer)?.[1];
  const err = /\berr:(\S+)/i.exec(answer)?.[1];
  if (stat) return `stat:${stat}${err ? ` err:${err}` : ''}`;
  return /^(N?ACK)\b/.test(answer) ? answer.slice(0, 120) : undefined;
}

// A malformed id names no text Kannel was given: 404, as an unknown one would be (no token can match it).
const reportParams = v.object({
  messageId: idParam(
    'text message',
    () => new ProblemError(404, { detail: t('user.problem.sms.noSuchText') }),
  ),
});
const reportQuery = v.object({
  // Optional here so a report without one is refused and logged like a wrong one, not merely invalid.
  token: v.optional(v.pipe(v.string(), v.maxLength(100))),
  type: v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'type must be a Kannel report type (%d).')),
  answer: v.optional(v.pipe(v.string(), v.maxLength(1000))),
  'centre-id': v.optional(v.pipe(v.string(), v.maxLength(100))),
});

export function deliveryReportRoutes(): Routes {
  return defineRoutes(DELIVERY_REPORTS_PATH, 'SMS gateway callbacks').add({
    method: 'get',
    path: '/:messageId',
    summary: 'Take a delivery report from Kannel',
    // Kannel proves itself with the text's token in the URL, not with a person's API token.
    tokenScope: 'never',
    description:
      "For Kannel's smsbox, not the console: the dlr-url of each text sent with SMS_DRIVER=kannel. A report without this text's token answers 401 and changes nothing; a text only ever moves forward (sent, delivered or not delivered).",
    request: { params: reportParams, query: reportQuery },
    responses: { 204: { description: 'The report was taken (or changed nothing).' } },
    handler: async (c, { params, query }) => {
      const identity = c.get('identity');
      const driver = identity.texts.driver;
      if (!(driver instanceof KannelSms)) {
        throw new ProblemError(404, { detail: t('user.problem.sms.noKannel') });
      }
      if (!driver.acceptsReport(params.messageId, query.token ?? '')) {
        identity.logger.warn(
          { smsId: params.messageId, clientIp: clientIp(c) },
          'delivery report refused: its token is not the one given for this text',
        );
        throw new ProblemError(401, {
          title: t('user.problem.sms.unverified.title'),
          detail: t('user.problem.sms.unverified.detail'),
        });
      }
      const outcome = outcomeOf(Number(query.type));
      if (outcome) {
        await identity.texts.report(params.messageId, {
          outcome,
          detail: reportDetail(query.answer),
          centreId: query['centre-id'] || undefined,
        });
      }
      return c.body(null, 204);
    },
  });
}
