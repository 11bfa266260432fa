// /teams/:teamId/…: balance, ledger, top-ups, billing profile and payment methods. Owners and admins read
// billing; only the owner pays and changes billing settings (see "Roles and permissions" in the README).
import {
  balanceSchema,
  billingProfileSchema,
  createTopUpRequestSchema,
  ledgerPageSchema,
  pageQuerySchema,
  paymentMethodsSchema,
  TOP_UP_LIMITS,
  topUpAnswerSchema,
  topUpPageSchema,
  updateBillingProfileRequestSchema,
} from '@/contract/billing';
import type { Currency } from '@/contract/teams';
import { auditActor } from '../audit/audit-log';
import { attachmentHeaders } from '../http/headers';
import { defineRoutes, type Routes } from '../http/routes';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, REPLAYED_HEADER } from '../idempotency/idempotency';
import { isUuid, teamGuards } from '../tenancy/guards';
import { teamIdParams } from '../tenancy/params';
import { teamNotFound } from '../tenancy/problems';
import { readProfile, updateProfile } from './billing-profile';
import type { BillingService } from './billing-service';
import { ledgerCsv, listLedger, readAccount, toBalance } from './ledger';
import { topUpParams } from './params';
import { topUpNotFound } from './problems';
import { createTopUp, findTopUp, listTopUps } from './top-ups';

const READ = (): ReturnType<typeof teamGuards> => teamGuards('billing.read');
const MANAGE = (): ReturnType<typeof teamGuards> => teamGuards('billing.manage');

export function billingRoutes(billing: BillingService): Routes[] {
  const { db, clock } = billing.deps;

  const balance = defineRoutes('/teams/:teamId', 'Billing')
    .add({
      method: 'get',
      path: '/balance',
      summary: 'Read the team’s balance and whether it is low or empty',
      tokenScope: 'billing:read',
      description:
        'Amounts are integers in minor units of the team’s currency (RWF has none; USD cents). status is ok, low (under lowBalanceThresholdMinor) or depleted (a charge emptied it: computes are powered off at graceEndsAt, and cannot be started or created until a top-up).',
      guards: READ(),
      request: { params: teamIdParams },
      responses: { 200: { description: 'The balance.', schema: balanceSchema } },
      handler: async (c) => {
        const found = await readAccount(db, c.get('team').id, clock.now());
        if (!found) throw teamNotFound();
        return c.json(toBalance(found.account, found.currency, billing.deps.config.graceHours), 200);
      },
    })
    .add({
      method: 'get',
      path: '/ledger',
      summary: 'List the team’s ledger entries: credits and charges, newest first',
      tokenScope: 'billing:read',
      description:
        'Pages of 50; pass nextCursor as `cursor` for the next one. Each entry carries the balance right after it; the balance is always the sum of the entries.',
      guards: READ(),
      request: { params: teamIdParams, query: pageQuerySchema },
      responses: { 200: { description: 'One page of entries.', schema: ledgerPageSchema } },
      handler: async (c, { query }) => c.json(await listLedger(db, c.get('team').id, query.cursor), 200),
    })
    .add({
      method: 'get',
      path: '/ledger/csv',
      summary: 'Download every ledger entry, oldest first, as CSV (attachment ledger.csv)',
      tokenScope: 'billing:read',
      guards: READ(),
      request: { params: teamIdParams },
      responses: { 200: { description: 'The CSV.', contentType: 'text/csv' } },
      handler: async (c) =>
        c.body(await ledgerCsv(db, c.get('team').id), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          ...attachmentHeaders('ledger.csv'),
        }),
    })
    .add({
      method: 'get',
      path: '/payment-methods',
      summary: 'List the payment methods the provider offers, and the top-up limits in the team’s currency',
      tokenScope: 'billing:read',
      guards: READ(),
      request: { params: teamIdParams },
      responses: { 200: { description: 'What the provider offers.', schema: paymentMethodsSchema } },
      handler: async (c) => {
        const { info } = billing.driver;
        return c.json(
          {
            provider: info.name,
            sandbox: info.sandbox,
            methods: billing.driver.paymentMethods(),
            topUpLimits: TOP_UP_LIMITS[c.get('team').currency as Currency],
          },
          200,
        );
      },
    });

  const topUps = defineRoutes('/teams/:teamId/top-ups', 'Billing')
    .add({
      method: 'post',
      path: '/',
      summary: 'Start a top-up (idempotent: send an Idempotency-Key header)',
      tokenScope: 'billing:read_write',
      description: `Requires the ${IDEMPOTENCY_HEADER} header: the same key from the same team within 24 hours answers with the top-up the first request started (201 again, with ${REPLAYED_HEADER}: true), and concurrent requests with one key start one. Amounts per currency: RWF 1,000 to 5,000,000; USD 100 to 500,000 cents. Send the payer to checkoutUrl; the balance is credited once the provider confirms the payment, and the payer comes back to /settings/billing?topup=<id>&outcome=succeeded|declined. An unpaid top-up expires after an hour.`,
      guards: MANAGE(),
      request: { params: teamIdParams, body: createTopUpRequestSchema },
      responses: { 201: { description: 'The top-up, pending payment.', schema: topUpAnswerSchema } },
      handler: async (c, { body }) => {
        const idempotencyKey = idempotencyKeyOf(c, 'top-up');
        const created = await createTopUp(billing, {
          teamId: c.get('team').id,
          userId: c.get('user').id,
          actor: auditActor(c),
          amountMinor: body.amountMinor,
          idempotencyKey,
        });
        const headers: Record<string, string> = created.replayed ? { [REPLAYED_HEADER]: 'true' } : {};
        return c.json({ topUp: created.topUp }, 201, headers);
      },
    })
    .add({
      method: 'get',
      path: '/',
      summary: 'List the team’s top-ups, newest first',
      tokenScope: 'billing:read',
      description: 'Pages of 50; pass nextCursor as `cursor` for the next one.',
      guards: READ(),
      request: { params: teamIdParams, query: pageQuerySchema },
      responses: { 200: { description: 'One page of top-ups.', schema: topUpPageSchema } },
      handler: async (c, { query }) =>
        c.json(await listTopUps(db, c.get('team').id, query.cursor, clock.now()), 200),
    })
    .add({
      method: 'get',
      path: '/:topUpId',
      summary: 'Read one top-up: pending, succeeded, declined (with the reason) or expired',
      tokenScope: 'billing:read',
      guards: READ(),
      request: { params: topUpParams },
      responses: { 200: { description: 'The top-up.', schema: topUpAnswerSchema } },
      handler: async (c, { params }) => {
        if (!isUuid(params.topUpId)) throw topUpNotFound();
        return c.json({ topUp: await findTopUp(db, c.get('team').id, params.topUpId, clock.now()) }, 200);
      },
    });

  const profile = defineRoutes('/teams/:teamId/billing-profile', 'Billing')
    .add({
      method: 'get',
      path: '/',
      summary: 'Read the team’s billing details, alert threshold and currency',
      tokenScope: 'billing:read',
      guards: READ(),
      request: { params: teamIdParams },
      responses: { 200: { description: 'The billing profile.', schema: billingProfileSchema } },
      handler: async (c) => c.json(await readProfile(db, c.get('team').id, clock.now()), 200),
    })
    .add({
      method: 'put',
      path: '/',
      summary: 'Save the team’s billing details, alert threshold and currency (owner)',
      tokenScope: 'billing:read_write',
      description:
        'The whole form: absent or empty fields are cleared. lowBalanceThresholdMinor absent keeps the threshold; currency absent keeps the currency. The currency changes only while the balance is zero and no top-up is pending (409 with the reason otherwise), and the threshold then returns to the new currency’s default unless one is sent.',
      guards: MANAGE(),
      request: { params: teamIdParams, body: updateBillingProfileRequestSchema },
      responses: {
        200: { description: 'The billing profile as it now stands.', schema: billingProfileSchema },
      },
      handler: async (c, { body }) => {
        const teamId = c.get('team').id;
        await updateProfile(db, { teamId, actor: auditActor(c), body, now: clock.now() });
        c.get('identity').deliveries.later('balance alerts', async () => {
          await billing.deliverAlerts();
        });
        await billing.announce([teamId]);
        // The currency is the team's too (its prices and the team menu).
        if (body.currency) await c.get('live').publishToTeam(teamId, { type: 'team.updated', teamId });
        return c.json(await readProfile(db, teamId, clock.now()), 200);
      },
    });

  return [balance, topUps, profile];
}
