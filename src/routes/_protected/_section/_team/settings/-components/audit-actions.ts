// The audit log's action names in words, and the groups its filter offers, in the language in use. Each
// action reads after who did it ("Ada renamed the team", "Ada a renommé l'équipe", "Ada yahinduye izina
// ry'itsinda") and alone in the log's What column.
import { type MessageId, type Translate, t } from '@/i18n';

const GROUPS: { value: string; label: MessageId }[] = [
  { value: '', label: 'audit.group.everything' },
  { value: 'team.', label: 'audit.group.team' },
  { value: 'member.', label: 'audit.group.members' },
  { value: 'invitation.', label: 'audit.group.invitations' },
  { value: 'verification.', label: 'audit.group.verification' },
  { value: 'compute.', label: 'audit.group.computes' },
  { value: 'backup.', label: 'audit.group.backups' },
  { value: 'image.', label: 'audit.group.images' },
  { value: 'volume.', label: 'audit.group.volumes' },
  { value: 'network.', label: 'audit.group.networks' },
  { value: 'firewall.', label: 'audit.group.firewalls' },
  { value: 'domain.', label: 'audit.group.domains' },
  { value: 'billing.', label: 'audit.group.billing' },
];

export function actionGroups(translate: Translate): { value: string; label: string }[] {
  return GROUPS.map(({ value, label }) => ({ value, label: translate(label) }));
}

const phrases: Record<string, MessageId> = {
  'team.created': 'audit.action.team.created',
  'team.renamed': 'audit.action.team.renamed',
  'team.currency_changed': 'audit.action.team.currencyChanged',
  'team.deleted': 'audit.action.team.deleted',
  'team.ownership_transferred': 'audit.action.team.ownershipTransferred',
  'team.two_factor_required': 'audit.action.team.twoFactorRequired',
  'team.two_factor_not_required': 'audit.action.team.twoFactorNotRequired',
  'member.role_changed': 'audit.action.member.roleChanged',
  'member.removed': 'audit.action.member.removed',
  'member.left': 'audit.action.member.left',
  'member.joined': 'audit.action.member.joined',
  'invitation.sent': 'audit.action.invitation.sent',
  'invitation.resent': 'audit.action.invitation.resent',
  'invitation.revoked': 'audit.action.invitation.revoked',
  'invitation.accepted': 'audit.action.invitation.accepted',
  'invitation.declined': 'audit.action.invitation.declined',
  'verification.submitted': 'audit.action.verification.submitted',
  'verification.approved': 'audit.action.verification.approved',
  'verification.rejected': 'audit.action.verification.rejected',
  'verification.info_requested': 'audit.action.verification.infoRequested',
  'compute.created': 'audit.action.compute.created',
  'compute.power_action': 'audit.action.compute.powerAction',
  'compute.resized': 'audit.action.compute.resized',
  'compute.tags_changed': 'audit.action.compute.tagsChanged',
  'compute.reverse_dns_changed': 'audit.action.compute.reverseDnsChanged',
  'compute.destroyed': 'audit.action.compute.destroyed',
  'compute.rebuilt': 'audit.action.compute.rebuilt',
  'compute.rescue_entered': 'audit.action.compute.rescueEntered',
  'compute.rescue_left': 'audit.action.compute.rescueLeft',
  'compute.moved': 'audit.action.compute.moved',
  'backup.enabled': 'audit.action.backup.enabled',
  'backup.disabled': 'audit.action.backup.disabled',
  'backup.requested': 'audit.action.backup.requested',
  'backup.scheduled': 'audit.action.backup.scheduled',
  'backup.restored': 'audit.action.backup.restored',
  'image.captured': 'audit.action.image.captured',
  'image.uploaded': 'audit.action.image.uploaded',
  'image.renamed': 'audit.action.image.renamed',
  'image.deleted': 'audit.action.image.deleted',
  'volume.created': 'audit.action.volume.created',
  'volume.attached': 'audit.action.volume.attached',
  'volume.detached': 'audit.action.volume.detached',
  'volume.grown': 'audit.action.volume.grown',
  'volume.deleted': 'audit.action.volume.deleted',
  'network.created': 'audit.action.network.created',
  'network.compute_attached': 'audit.action.network.computeAttached',
  'network.compute_detached': 'audit.action.network.computeDetached',
  'network.deleted': 'audit.action.network.deleted',
  'firewall.created': 'audit.action.firewall.created',
  'firewall.updated': 'audit.action.firewall.updated',
  'firewall.deleted': 'audit.action.firewall.deleted',
  'domain.created': 'audit.action.domain.created',
  'domain.deleted': 'audit.action.domain.deleted',
  'domain.record_created': 'audit.action.domain.recordCreated',
  'domain.record_updated': 'audit.action.domain.recordUpdated',
  'domain.record_deleted': 'audit.action.domain.recordDeleted',
  'domain.zone_imported': 'audit.action.domain.zoneImported',
  'domain.delegation_changed': 'audit.action.domain.delegationChanged',
  'domain.dnssec_enabled': 'audit.action.domain.dnssecEnabled',
  'domain.dnssec_disabled': 'audit.action.domain.dnssecDisabled',
  'domain.dnssec_rollover_started': 'audit.action.domain.dnssecRolloverStarted',
  'domain.dnssec_rollover_completed': 'audit.action.domain.dnssecRolloverCompleted',
  'billing.top_up_started': 'audit.action.billing.topUpStarted',
  'billing.top_up_credited': 'audit.action.billing.topUpCredited',
  'billing.top_up_declined': 'audit.action.billing.topUpDeclined',
  'billing.profile_changed': 'audit.action.billing.profileChanged',
  'billing.threshold_changed': 'audit.action.billing.thresholdChanged',
  'billing.computes_powered_off': 'audit.action.billing.computesPoweredOff',
  'billing.invoice_issued': 'audit.action.billing.invoiceIssued',
  'billing.month_end_simulated': 'audit.action.billing.monthEndSimulated',
};

/** "renamed the team" for team.renamed; an unknown action is shown as it is named. */
export function describeAction(action: string): string {
  const phrase = phrases[action];
  return phrase ? t(phrase) : action.replaceAll('_', ' ').replace('.', ': ');
}

interface EntryWords {
  action: string;
  target: string | null;
  actor: { name: string } | null;
  details: Record<string, unknown>;
}

/** A DNS record as the audit details keep it, in one line: "MX @ 10 mail.example.com (ttl 3600)". */
function recordWords(record: unknown): string | null {
  if (!record || typeof record !== 'object') return null;
  const { type, name, value, priority, weight, port } = record as Record<string, unknown>;
  if (typeof type !== 'string' || typeof name !== 'string' || typeof value !== 'string') return null;
  const numbers = [priority, weight, port].filter((n) => typeof n === 'number').join(' ');
  return [type, name, numbers, value].filter(Boolean).join(' ');
}

/** What an entry was done to: a message whose values are the team's own names, or one name alone. */
export type TargetWords = { id: MessageId; values: Record<string, string> } | { value: string };

/**
 * What the entry was done to: the target, and for a DNS record which record ("A api 192.0.2.20 in
 * example.rw"), so eight additions to one zone read as eight different records; for an invitation, the
 * address it went to, in the reader's words.
 */
export function targetWords(entry: EntryWords): TargetWords | null {
  if (entry.action.startsWith('domain.record_')) {
    const record = recordWords(entry.details.record ?? entry.details.to);
    if (record)
      return entry.target
        ? { id: 'audit.recordIn', values: { record, zone: entry.target } }
        : { value: record };
  }
  if (INVITATION_TARGETS.has(entry.action) && typeof entry.details.email === 'string')
    return { id: 'audit.target.invitation', values: { email: entry.details.email } };
  return entry.target === null ? null : { value: entry.target };
}

/** The entries whose target the server words as "invitation to <address>". */
const INVITATION_TARGETS = new Set(['invitation.sent', 'invitation.resent', 'invitation.revoked']);

/** The target in one line of text, in the language in use. */
export function describeTarget(entry: EntryWords): string | null {
  const words = targetWords(entry);
  if (!words) return null;
  return 'value' in words ? words.value : t(words.id, words.values);
}

/**
 * Who did it: a person (and the API token they acted through, if any), or for entries without one, the
 * part of Ikirere that acted.
 */
export function describeActor(entry: EntryWords): string {
  const token = typeof entry.details.apiToken === 'string' ? entry.details.apiToken : null;
  if (entry.actor)
    return token ? t('audit.actor.withToken', { name: entry.actor.name, token }) : entry.actor.name;
  if (entry.action === 'billing.top_up_credited' || entry.action === 'billing.top_up_declined')
    return t('audit.actor.paymentProvider');
  if (entry.action.startsWith('verification.')) return t('audit.actor.reviewers');
  return 'Ikirere';
}
