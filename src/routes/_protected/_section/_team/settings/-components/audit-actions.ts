// The audit log's action names in words, and the groups its filter offers.
export const actionGroups = [
  { value: '', label: 'Everything' },
  { value: 'team.', label: 'Team changes' },
  { value: 'member.', label: 'Members' },
  { value: 'invitation.', label: 'Invitations' },
  { value: 'verification.', label: 'Verification' },
  { value: 'compute.', label: 'Computes' },
  { value: 'domain.', label: 'Domains' },
  { value: 'billing.', label: 'Billing' },
];

const phrases: Record<string, string> = {
  'team.created': 'created the team',
  'team.renamed': 'renamed the team',
  'team.currency_changed': 'changed the currency',
  'team.deleted': 'deleted the team',
  'team.ownership_transferred': 'handed over ownership',
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
  'compute.tags_changed': 'changed a compute’s tags',
  'compute.destroyed': 'destroyed a compute',
  'domain.created': 'added a domain',
  'domain.deleted': 'deleted a domain',
  'domain.record_created': 'added a DNS record',
  'domain.record_updated': 'changed a DNS record',
  'domain.record_deleted': 'deleted a DNS record',
  'domain.zone_imported': 'imported a zone file',
  'domain.delegation_changed': 'saw the delegation change',
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
