// The words for a team's verification status, the same on the overview and in settings.
import type { VerificationStatus } from '@/contract/teams';

export const verificationWords: Record<
  VerificationStatus,
  { label: string; tone: 'success' | 'warning' | 'danger' | 'neutral' }
> = {
  VERIFIED: { label: 'Verified', tone: 'success' },
  PENDING: { label: 'Pending review', tone: 'warning' },
  UNVERIFIED: { label: 'Not verified: limits apply', tone: 'neutral' },
  REJECTED: { label: 'Not approved', tone: 'danger' },
  ADDITIONAL_INFO_REQUESTED: { label: 'More information needed', tone: 'warning' },
};
