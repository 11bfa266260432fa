// The team's, billing's and the activity log's words in French and Kinyarwanda (issue 30): the permission
// matrix's reasons, a balance's standing, amounts typed the French way, sizes, the audit log's actions, and
// the log's periods counted in the person's own time zone.

import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { teamNameSchema } from '@/contract/teams';
import { balanceStanding, formatMemory, parseMoney } from '@/domain/money';
import { whyNot } from '@/domain/permissions';
import { verificationWords } from '@/domain/verification-words';
import { setTimeZone, t } from '@/i18n';
import { setLocale } from '@/i18n/loader';
import {
  dayBoundary,
  periodItems,
  zoneDay,
} from '@/routes/_protected/_section/_team/settings/-components/activity-period';
import {
  describeAction,
  describeActor,
} from '@/routes/_protected/_section/_team/settings/-components/audit-actions';

afterAll(async () => {
  setTimeZone('Africa/Kigali');
  await setLocale('en');
});

describe('the team’s words in each language', () => {
  it('says in French and Kinyarwanda who may do what, as the server answers a 403', async () => {
    await setLocale('fr');
    expect(whyNot('billing.read')).toBe(
      "Seuls le propriétaire et les administrateurs de l'équipe peuvent consulter la facturation.",
    );
    expect(balanceStanding({ status: 'low', balanceMinor: 1_200 }).label).toBe('Bientôt épuisé');
    expect(verificationWords('PENDING').label).toBe("En cours d'examen");
    expect(describeAction('team.renamed')).toBe("a renommé l'équipe");
    expect(describeActor({ action: 'billing.top_up_credited', target: null, actor: null, details: {} })).toBe(
      'Le prestataire de paiement',
    );
    expect(t('teamSettings.delete.holdsComputes', { computes: 1 })).toBe(
      "Cette équipe a encore 1 instance\u00a0: détruisez-la d'abord, puis elle pourra être supprimée.",
    );
    expect(t('members.invite.linkWorks', { days: 7 })).toBe('Le lien reste valable 7 jours.');
    await setLocale('rw');
    expect(t('teamSettings.twoFactor.confirmWithout', { count: 2, team: 'Nkusi' })).toMatch(
      /^Abanyamuryango 2 ntibarabikoresha: ntibazashobora kugera kuri Nkusi/,
    );
    expect(whyNot('team.delete')).toBe('Nyiri itsinda wenyine ni we ushobora gusiba itsinda.');
    expect(describeAction('invitation.sent')).toBe('yohereje ubutumire');
  });

  it('answers the contract’s refusals in the language of whoever is told', async () => {
    await setLocale('fr');
    const refused = v.safeParse(teamNameSchema, '  ');
    expect(refused.success ? null : refused.issues[0].message).toBe("Saisissez un nom pour l'équipe.");
    await setLocale('en');
    const again = v.safeParse(teamNameSchema, '  ');
    expect(again.success ? null : again.issues[0].message).toBe('Enter a name for the team.');
  });

  it('writes sizes with French numbers and reads amounts typed with a decimal comma', async () => {
    await setLocale('fr');
    expect(formatMemory(1536)).toBe('1,5 GB');
    expect(formatMemory(512)).toBe('512 MB');
    expect(parseMoney('25,50', 'USD')).toBe(2550);
    expect(parseMoney('12 500', 'RWF')).toBe(12_500);
    expect(parseMoney('12,50', 'RWF')).toBeNull();
    expect(parseMoney('1,500', 'RWF')).toBe(1500);
    await setLocale('en');
    expect(formatMemory(1536)).toBe('1.5 GB');
  });

  it('counts the activity log’s days in the person’s zone, not the browser’s', async () => {
    await setLocale('en');
    // 23:30 in Kigali on 30 November is still the 30th there, already 1 December in Tokyo.
    const now = Date.parse('2026-11-30T21:30:00Z');
    expect(zoneDay(0, now, 'Africa/Kigali')).toBe('2026-11-30');
    expect(zoneDay(0, now, 'Asia/Tokyo')).toBe('2026-12-01');
    expect(zoneDay(6, now, 'Africa/Kigali')).toBe('2026-11-24');
    expect(dayBoundary('2026-11-30', false, 'Africa/Kigali')).toBe('2026-11-29T22:00:00.000Z');
    expect(dayBoundary('2026-11-30', true, 'Africa/Kigali')).toBe('2026-11-30T21:59:59.999Z');
    // A day with a clock change: New York's 1 November 2026 lasts 25 hours.
    expect(dayBoundary('2026-11-01', false, 'America/New_York')).toBe('2026-11-01T04:00:00.000Z');
    expect(dayBoundary('2026-11-01', true, 'America/New_York')).toBe('2026-11-02T04:59:59.999Z');
    setTimeZone('Africa/Kigali');
    const preset = periodItems(t, { from: zoneDay(6, now) }, now);
    expect(preset.value).toBe('7');
    const shared = periodItems(t, { from: '2026-11-02', to: '2026-11-09' }, now);
    expect(shared.items.at(-1)).toEqual({ value: 'range', label: '2 November 2026 – 9 November 2026' });
    await setLocale('fr');
    expect(periodItems(t, {}, now).items.map((item) => item.label)).toEqual([
      'Toute la période',
      "Aujourd'hui",
      '7 derniers jours',
      '30 derniers jours',
      '90 derniers jours',
    ]);
  });
});
