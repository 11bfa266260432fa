import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import { can } from '@/domain/permissions';
import { useT } from '@/i18n';
import { useTeam } from '@/routes/_protected/-components/use-current-team';
import { TabNav } from '@/routes/-components/tab-nav';
import { Button } from '@/ui/button';
import { InviteDialog } from './-components/invite-dialog';

export const Route = createFileRoute('/_protected/_section/_team/settings/members')({
  component: MembersLayout,
});

function MembersLayout() {
  const t = useT();
  const team = useTeam();
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <div className={flex({ align: 'flex-end', justify: 'space-between', gap: '3' })}>
        <TabNav
          label={t('teamSettings.tab.members')}
          tabs={[
            { label: t('members.tab.active'), to: '/settings/members/active' },
            { label: t('members.tab.pending'), to: '/settings/members/pending' },
          ]}
        />
        {can(team.role, 'members.invite') ? (
          <Button
            variant="solid"
            size="sm"
            className={css({ marginBottom: '6' })}
            onClick={() => setInviting(true)}
          >
            {t('members.invite.open')}
          </Button>
        ) : null}
      </div>
      <InviteDialog teamId={team.id} open={inviting} onOpenChange={setInviting} />
      <Outlet />
    </>
  );
}
