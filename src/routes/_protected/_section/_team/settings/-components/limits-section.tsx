// How much of its limits the team uses (SPEC §1, §9): "3 of 5 computes", and why large plans are out.
import { useSuspenseQuery } from '@tanstack/react-query';
import { grid } from 'styled-system/patterns';
import { UNVERIFIED_VCPU_CEILING } from '@/contract/teams';
import { useT } from '@/i18n';
import { SettingsSection } from '@/routes/_protected/-components/settings-section';
import { limitsQuery } from '@/services/teams.queries';
import { Progress } from '@/ui/progress';
import { Text } from '@/ui/text';

export function LimitsSection({ teamId }: { teamId: string }) {
  const t = useT();
  const limits = useSuspenseQuery(limitsQuery(teamId));
  return (
    <SettingsSection
      id="limits"
      title={t('teamSettings.limits.title')}
      description={t('teamSettings.limits.lead')}
    >
      {limits.data.computes.limit === null ? (
        <p>{t('teamSettings.limits.verified', { count: limits.data.computes.used })}</p>
      ) : (
        <div className={grid({ gap: '3', maxWidth: '28rem' })}>
          <Progress
            label={t('teamSettings.limits.computes')}
            value={limits.data.computes.used}
            max={limits.data.computes.limit}
            valueText={t('teamSettings.limits.used', {
              used: limits.data.computes.used,
              limit: limits.data.computes.limit,
            })}
          />
          <Text variant="muted">
            {t('teamSettings.limits.unverified', {
              limit: limits.data.computes.limit,
              vcpus: UNVERIFIED_VCPU_CEILING,
            })}
          </Text>
        </div>
      )}
    </SettingsSection>
  );
}
