// Running out of balance. A ledger change that crosses below the threshold marks an alert due on the
// team's account (ledger.ts); deliverAlerts() e-mails the owner (and the billing address) once per
// crossing, after the commit. A charge that empties the balance dates it (depletedSince); once the grace
// period (BILLING_GRACE_HOURS) has passed, sweep() powers off the team's running computes through the
// compute service, as the system and with the reason in each compute's history — never destroying one. A
// compute in rescue mode takes no power action: the sweep makes it leave rescue (it boots normally), and the
// next sweep powers it off like any running compute.
// Starting and creating computes is refused meanwhile (start-policy.ts) until a top-up makes it positive.
import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Currency } from '@/contract/teams';
import { formatMoney } from '@/domain/money';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit-log';
import { billingAccounts, billingProfiles, computes, teamMembers, teams, users } from '../db/schema';
import type { MailMessage } from '../drivers/mail';
import { ProblemError } from '../http/problem';
import { currentLanguage, inLanguage, type Language, languageOf } from '../i18n/languages';
import { dateValue, message } from '../i18n/stored-message';
import { t } from '../i18n/t';
import type { Queryable } from '../tenancy/team-record';
import type { BillingService } from './billing-service';
import { lockAccount, thresholdOf } from './ledger';
import { emptyBalanceMail, lowBalanceMail } from './messages';

const BATCH = 100;

/** Sends every alert that is due (each once: cleared under the lock before the e-mail goes out). */
export async function deliverAlerts(billing: BillingService): Promise<number> {
  const { db, clock, mail, logger, config, publicUrl } = billing.deps;
  const due = await db
    .select({ teamId: billingAccounts.teamId })
    .from(billingAccounts)
    .where(isNotNull(billingAccounts.alertDue))
    .limit(BATCH);
  let sent = 0;
  for (const { teamId } of due) {
    const now = clock.now();
    const messages = await db.transaction(async (tx): Promise<MailMessage[]> => {
      const account = await lockAccount(tx, teamId, now);
      if (!account?.alertDue) return [];
      await tx.update(billingAccounts).set({ alertDue: null }).where(eq(billingAccounts.teamId, teamId));
      const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
      const recipients = await billingRecipients(tx, teamId);
      const teamInfo = (): { name: string; currency: Currency } => ({
        name: team?.name ?? t('mail.billing.yourTeam'),
        currency: account.currency,
      });
      return recipients.map(({ to, language }) =>
        inLanguage(language, () =>
          account.alertDue === 'depleted' && account.depletedSince
            ? emptyBalanceMail(
                to,
                teamInfo(),
                account.balanceMinor,
                new Date(account.depletedSince.getTime() + config.graceHours * 3_600_000),
                publicUrl,
              )
            : lowBalanceMail(
                to,
                teamInfo(),
                account.balanceMinor,
                thresholdOf(account, account.currency),
                publicUrl,
              ),
        ),
      );
    });
    for (const message of messages) {
      try {
        await mail.send(message);
        sent += 1;
      } catch (error) {
        logger.error({ err: error, teamId, to: message.to }, 'a balance alert could not be sent');
      }
    }
  }
  return sent;
}

/**
 * Who billing e-mails go to, each in their language and zone: the owners, and the billing address when it
 * is another one (in its account's language when it has one, else the first owner's).
 */
export async function billingRecipients(
  db: Queryable,
  teamId: string,
): Promise<Array<{ to: string; language: Language }>> {
  const owners = await db
    .select({ email: users.email, locale: users.locale, timeZone: users.timeZone })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(
      and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'OWNER'), eq(teamMembers.status, 'ACTIVE')),
    );
  const [profile] = await db
    .select({ billingEmail: billingProfiles.billingEmail })
    .from(billingProfiles)
    .where(eq(billingProfiles.teamId, teamId));
  const recipients = owners.map((owner) => ({ to: owner.email, language: languageOf(owner) }));
  const billingEmail = profile?.billingEmail;
  if (billingEmail && !recipients.some((recipient) => recipient.to === billingEmail)) {
    const [account] = await db
      .select({ locale: users.locale, timeZone: users.timeZone })
      .from(users)
      .where(eq(users.email, billingEmail))
      .limit(1);
    const language = account ? languageOf(account) : (recipients[0]?.language ?? currentLanguage());
    recipients.push({ to: billingEmail, language });
  }
  return recipients;
}

export interface SweepResult {
  /** Computes asked to power off. */
  poweredOff: number;
  /** Computes in rescue mode asked to leave it, to be powered off by the next sweep. */
  leftRescue: number;
}

/** Powers off the running computes of every team whose grace period has ended. */
export async function sweepDepleted(billing: BillingService): Promise<SweepResult> {
  const { db, clock, logger, config, computes: computeService } = billing.deps;
  if (!computeService) return { poweredOff: 0, leftRescue: 0 };
  const now = clock.now();
  const cutoff = new Date(now.getTime() - config.graceHours * 3_600_000);
  const overdue = await db
    .select({
      teamId: billingAccounts.teamId,
      depletedSince: billingAccounts.depletedSince,
      balanceMinor: billingAccounts.balanceMinor,
      currency: teams.currency,
    })
    .from(billingAccounts)
    .innerJoin(teams, eq(teams.id, billingAccounts.teamId))
    .where(lte(billingAccounts.depletedSince, cutoff))
    .orderBy(asc(billingAccounts.depletedSince))
    .limit(BATCH);
  let poweredOff = 0;
  let leftRescue = 0;
  for (const team of overdue) {
    const running = await db
      .select({ id: computes.id, hostname: computes.hostname, status: computes.status })
      .from(computes)
      .where(and(eq(computes.teamId, team.teamId), inArray(computes.status, ['running', 'rescue'])));
    if (running.length === 0) continue;
    // In the history, read in each reader's language and zone.
    const why = { since: dateValue(team.depletedSince!), hours: config.graceHours };
    const reason = message('history.billing.poweredOff', why);
    const rescueReason = message('history.billing.leavingRescue', why);
    const done: string[] = [];
    for (const compute of running) {
      try {
        if (compute.status === 'rescue') {
          await computeService.leaveRescue(team.teamId, compute.id, SYSTEM_ACTOR, rescueReason);
          leftRescue += 1;
          continue;
        }
        await computeService.requestPowerAction(team.teamId, compute.id, 'power_off', SYSTEM_ACTOR, reason);
        done.push(compute.hostname);
      } catch (error) {
        // Its status changed meanwhile (someone stopped it, it is being destroyed): nothing to do now.
        if (!(error instanceof ProblemError)) {
          logger.error(
            { err: error, computeId: compute.id },
            'could not power off a compute for non-payment',
          );
        }
      }
    }
    if (done.length === 0) continue;
    poweredOff += done.length;
    await recordAudit(db, {
      teamId: team.teamId,
      actor: SYSTEM_ACTOR,
      action: 'billing.computes_powered_off',
      target: done.join(', '),
      details: {
        reason: 'non-payment',
        computes: done,
        balance: formatMoney(team.balanceMinor, team.currency as Currency),
        depletedSince: team.depletedSince!.toISOString(),
        graceHours: config.graceHours,
      },
      at: now,
    });
    logger.info({ teamId: team.teamId, computes: done.length }, 'computes powered off for non-payment');
  }
  return { poweredOff, leftRescue };
}
