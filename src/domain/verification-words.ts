// The words for a team's verification status, the same on the overview and in settings, in the language in
// use.
import type { VerificationStatus } from '@/contract/teams';
import { type MessageId, t } from '@/i18n/state';

const WORDS: Record<
  VerificationStatus,
  { label: MessageId; tone: 'success' | 'warning' | 'danger' | 'neutral' }
> = {
  VERIFIED: { label: 'verification.status.verified', tone: 'success' },
  PENDING: { label: 'verification.status.pending', tone: 'warning' },
  UNVERIFIED: { label: 'verification.status.unverified', tone: 'neutral' },
  REJECTED: { label: 'verification.status.rejected', tone: 'danger' },
  ADDITIONAL_INFO_REQUESTED: { label: 'verification.status.infoRequested', tone: 'warning' },
};

export function verificationWords(status: VerificationStatus): {
  label: string;
  tone: 'success' | 'warning' | 'danger' | 'neutral';
} {
  const { label, tone } = WORDS[status];
  return { label: t(label), tone };
}
