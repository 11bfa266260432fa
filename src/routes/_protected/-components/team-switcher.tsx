// The header's team switcher: which team the console shows, the others to switch to, and a new one.
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { useT } from '@/i18n';
import { userTeamsQuery } from '@/services/teams.queries';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ChevronDownIcon } from '@/ui/icons';
import * as Menu from '@/ui/menu';
import { VisuallyHidden } from '@/ui/visually-hidden';
import { CreateTeamDialog } from './create-team-dialog';
import { switchTeam, useCurrentTeam } from './use-current-team';

export function TeamSwitcher() {
  const t = useT();
  const router = useRouter();
  const current = useCurrentTeam();
  const teams = useQuery(userTeamsQuery()).data?.teams ?? [];
  const [creating, setCreating] = useState(false);
  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-start' }}>
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm">
            <VisuallyHidden>{t('shell.teamSwitcher.label')}</VisuallyHidden>
            <span
              className={css({
                fontWeight: '600',
                maxWidth: '14rem',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
              })}
            >
              {current?.name ?? t('shell.teamSwitcher.noTeam')}
            </span>
            <ChevronDownIcon />
          </Button>
        </Menu.Trigger>
        <Menu.Content>
          <Menu.ItemGroup>
            <Menu.ItemGroupLabel>{t('shell.teamSwitcher.yourTeams')}</Menu.ItemGroupLabel>
            {teams.map((team) => (
              <Menu.Item key={team.id} value={team.id} onSelect={() => void switchTeam(router, team.id)}>
                <span className={css({ flex: '1' })}>
                  {team.name}
                  {team.id === current?.id ? <VisuallyHidden>{t('userMenu.current')}</VisuallyHidden> : null}
                </span>
                <Badge tone={team.id === current?.id ? 'accent' : 'neutral'}>
                  {t('shell.role', { role: team.role })}
                </Badge>
              </Menu.Item>
            ))}
          </Menu.ItemGroup>
          <Menu.Separator />
          {current ? (
            <Menu.Item value="team-settings" asChild>
              <Link to="/settings/general">{t('shell.teamSwitcher.settings')}</Link>
            </Menu.Item>
          ) : null}
          <Menu.Item value="create-team" onSelect={() => setCreating(true)}>
            {t('shell.teamSwitcher.create')}
          </Menu.Item>
        </Menu.Content>
      </Menu.Root>
      <CreateTeamDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
