// How much of its limits the team uses (SPEC §1, §9): "3 of 5 computes", and why large plans are out.
import { useSuspenseQuery } from '@tanstack/react-query';
import { grid } from 'styled-system/patterns';
import { UNVERIFIED_VCPU_CEILING } from '@/contract/teams';
import { SettingsSection } from '@/routes/_protected/-components/settings-section';
import { limitsQuery } from '@/services/teams.queries';
import { Progress } from '@/ui/progress';
import { Text } from '@/ui/text';

export function LimitsSection({ teamId }: { teamId: string }) {
  const limits = useSuspenseQuery(limitsQuery(teamId));
  return (
    <SettingsSection id="limits" title="Limits" description="What the team may run.">
      {limits.data.computes.limit === null ? (
        <p>
          Verified team: no limit on computes ({limits.data.computes.used} running or stopped), and every plan
          is available.
        </p>
      ) : (
        <div className={grid({ gap: '3', maxWidth: '28rem' })}>
          <Progress
            label="Computes"
            value={limits.data.computes.used}
            max={limits.data.computes.limit}
            valueText={`${limits.data.computes.used} of ${limits.data.computes.limit} computes`}
          />
          <Text variant="muted">
            Unverified teams can run at most {limits.data.computes.limit} computes and cannot use plans with{' '}
            {UNVERIFIED_VCPU_CEILING} or more vCPUs. Verify the team to lift both limits.
          </Text>
        </div>
      )}
    </SettingsSection>
  );
}
