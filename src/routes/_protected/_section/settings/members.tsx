import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from '../../../../../styled-system/css';
import { can } from '../../../../domain/permissions';
import { Button } from '../../../../ui/button';
import { TabNav } from '../../../-components/tab-nav';
import { useCurrentTeam } from '../../-components/use-current-team';
import { InviteDialog } from './-components/invite-dialog';

export const Route = createFileRoute('/_protected/_section/settings/members')({
  component: MembersLayout,
});

function MembersLayout() {
  const team = useCurrentTeam();
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <div
        className={css({
          display: 'flex',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          gap: '3',
        })}
      >
        <TabNav
          label="Members"
          tabs={[
            { label: 'Active', to: '/settings/members/active' },
            { label: 'Pending', to: '/settings/members/pending' },
          ]}
        />
        {team && can(team.role, 'members.invite') ? (
          <Button
            variant="solid"
            size="sm"
            className={css({ marginBottom: '6' })}
            onClick={() => setInviting(true)}
          >
            Invite someone
          </Button>
        ) : null}
      </div>
      {team ? <InviteDialog teamId={team.id} open={inviting} onOpenChange={setInviting} /> : null}
      <Outlet />
    </>
  );
}
