// The audit log's action names in words, and the groups its filter offers.
export const actionGroups = [
  { value: '', label: 'Everything' },
  { value: 'team.', label: 'Team changes' },
  { value: 'member.', label: 'Members' },
  { value: 'invitation.', label: 'Invitations' },
  { value: 'verification.', label: 'Verification' },
  { value: 'compute.', label: 'Computes' },
  { value: 'image.', label: 'Images' },
  { value: 'volume.', label: 'Volumes' },
  { value: 'network.', label: 'Private networks' },
  { value: 'domain.', label: 'Domains' },
  { value: 'billing.', label: 'Billing' },
];

const phrases: Record<string, string> = {
  'team.created': 'created the team',
  'team.renamed': 'renamed the team',
  'team.currency_changed': 'changed the currency',
  'team.deleted': 'deleted the team',
  'team.ownership_transferred': 'handed over ownership',
  'team.two_factor_required': 'required two-factor sign-in of every member',
  'team.two_factor_not_required': 'stopped requiring two-factor sign-in',
  'member.role_changed': 'changed a role',
  'member.removed': 'removed a member',
  'member.left': 'left the team',
  'member.joined': 'joined the team',
  'invitation.sent': 'sent an invitation',
  'invitation.resent': 'resent an invitation',
  'invitation.revoked': 'revoked an invitation',
  'invitation.accepted': 'accepted an invitation',
  'invitation.declined': 'declined an invitation',
  'verification.submitted': 'asked for verification',
  'verification.approved': 'approved the verification',
  'verification.rejected': 'rejected the verification',
  'verification.info_requested': 'asked for more information',
  'compute.created': 'created a compute',
  'compute.power_action': 'asked a compute to change power',
  'compute.resized': 'resized a compute to another plan',
  'compute.tags_changed': 'changed a compute’s tags',
  'compute.reverse_dns_changed': 'changed a compute’s reverse DNS',
  'compute.destroyed': 'destroyed a compute',
  'image.captured': 'captured a compute’s disk as an image',
  'image.uploaded': 'uploaded an image',
  'image.renamed': 'renamed an image',
  'image.deleted': 'deleted an image',
  'volume.created': 'made a volume',
  'volume.attached': 'attached a volume to a compute',
  'volume.detached': 'detached a volume',
  'volume.grown': 'grew a volume',
  'volume.deleted': 'deleted a volume',
  'network.created': 'made a private network',
  'network.compute_attached': 'added a compute to a private network',
  'network.compute_detached': 'removed a compute from a private network',
  'network.deleted': 'deleted a private network',
  'domain.created': 'added a domain',
  'domain.deleted': 'deleted a domain',
  'domain.record_created': 'added a DNS record',
  'domain.record_updated': 'changed a DNS record',
  'domain.record_deleted': 'deleted a DNS record',
  'domain.zone_imported': 'imported a zone file',
  'domain.delegation_changed': 'saw the delegation change',
  'domain.dnssec_enabled': 'signed a zone (DNSSEC)',
  'domain.dnssec_disabled': 'turned DNSSEC off for a zone',
  'domain.dnssec_rollover_started': 'started a DNSSEC key roll',
  'domain.dnssec_rollover_completed': 'completed a DNSSEC key roll',
  'billing.top_up_started': 'started a top-up',
  'billing.top_up_credited': 'added money to the balance',
  'billing.top_up_declined': 'had a top-up declined',
  'billing.profile_changed': 'changed the billing details',
  'billing.threshold_changed': 'changed the low-balance alert',
  'billing.computes_powered_off': 'powered off computes for an empty balance',
  'billing.invoice_issued': 'issued an invoice',
  'billing.month_end_simulated': 'simulated the month’s end in the sandbox',
};

/** "renamed the team" for team.renamed; an unknown action is shown as it is named. */
export function describeAction(action: string): string {
  return phrases[action] ?? action.replaceAll('_', ' ').replace('.', ': ');
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

/**
 * What the entry was done to, in words: the target, and for a DNS record which record ("A api 192.0.2.20
 * in example.rw"), so eight additions to one zone read as eight different records.
 */
export function describeTarget(entry: EntryWords): string | null {
  if (entry.action.startsWith('domain.record_')) {
    const record = recordWords(entry.details.record ?? entry.details.to);
    if (record) return entry.target ? `${record} in ${entry.target}` : record;
  }
  return entry.target;
}

/**
 * Who did it: a person (and the API token they acted through, if any), or for entries without one, the
 * part of Ikirere that acted.
 */
export function describeActor(entry: EntryWords): string {
  const token = typeof entry.details.apiToken === 'string' ? entry.details.apiToken : null;
  if (entry.actor) return token ? `${entry.actor.name}, with the API token “${token}”` : entry.actor.name;
  if (entry.action === 'billing.top_up_credited' || entry.action === 'billing.top_up_declined')
    return 'The payment provider';
  if (entry.action.startsWith('verification.')) return 'Ikirere’s reviewers';
  return 'Ikirere';
}
