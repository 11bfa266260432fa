// The audit log's action names in words, and the groups its filter offers.
export const actionGroups = [
  { value: '', label: 'Everything' },
  { value: 'team.', label: 'Team changes' },
  { value: 'member.', label: 'Members' },
  { value: 'invitation.', label: 'Invitations' },
  { value: 'verification.', label: 'Verification' },
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
};

/** "renamed the team" for team.renamed; an unknown action is shown as it is named. */
export function describeAction(action: string): string {
  return phrases[action] ?? action.replaceAll('_', ' ').replace('.', ': ');
}
