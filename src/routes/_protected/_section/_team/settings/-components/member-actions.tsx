// What can be done to one member: change the role, hand over ownership, remove. Each asks first.
import { useRouter } from '@tanstack/react-router';
import { showToast } from '@/app-actors';
import type { Role } from '@/contract/auth';
import type { Member, Team } from '@/contract/teams';
import { can, canManageMember } from '@/domain/permissions';
import { type MemberChange, useChangeMember } from '@/services/teams.mutations';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { MoreIcon } from '@/ui/icons';
import * as Menu from '@/ui/menu';
import { useConfirmAction } from '@/ui/use-confirm-action';
import { VisuallyHidden } from '@/ui/visually-hidden';

export function MemberActions({ team, member, isSelf }: { team: Team; member: Member; isSelf: boolean }) {
  const router = useRouter();
  const toast = (title: string) => showToast(router.options.context.actors, { tone: 'success', title });
  const act = useChangeMember(team.id, member, {
    onSuccess: (action) => {
      if (action.kind === 'role')
        toast(`${member.name} is now ${action.role === 'ADMIN' ? 'an admin' : 'a member'}.`);
      else if (action.kind === 'transfer') toast(`${member.name} now owns ${team.name}. You are an admin.`);
      else toast(`${member.name} was removed from ${team.name}.`);
    },
    onError: (error) => showToast(router.options.context.actors, { tone: 'error', title: error.message }),
  });
  const confirmChange = useConfirmAction((change: MemberChange) => act.mutateAsync(change));
  const pending = confirmChange.target;

  const manageable =
    !isSelf && canManageMember(team.role, member.role) && !(team.role === 'ADMIN' && member.role === 'OWNER');
  const mayTransfer = can(team.role, 'team.transferOwnership') && !isSelf && member.status === 'ACTIVE';
  if (!manageable && !mayTransfer) return null;

  const other: Role = member.role === 'ADMIN' ? 'MEMBER' : 'ADMIN';
  const confirm = {
    role: {
      title: `Make ${member.name} ${other === 'ADMIN' ? 'an admin' : 'a member'}?`,
      description:
        other === 'ADMIN'
          ? 'Admins manage members and invitations, and can read billing.'
          : 'Members work with computes and domains and can see the other members.',
      label: other === 'ADMIN' ? 'Make admin' : 'Make member',
    },
    transfer: {
      title: `Hand ${team.name} to ${member.name}?`,
      description: `${member.name} becomes the owner, with billing and the power to delete the team. You become an admin, and cannot undo this yourself.`,
      label: 'Transfer ownership',
    },
    remove: {
      title: `Remove ${member.name} from ${team.name}?`,
      description: `${member.name} loses access to the team's computes, domains and billing at once.`,
      label: 'Remove',
    },
  };
  const shown = pending ? confirm[pending.kind] : null;

  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm">
            <MoreIcon />
            <VisuallyHidden>Actions for {member.name}</VisuallyHidden>
          </Button>
        </Menu.Trigger>
        <Menu.Content>
          {manageable ? (
            <Menu.Item
              value="role"
              onSelect={() => confirmChange.ask({ kind: 'role', role: other as 'MEMBER' | 'ADMIN' })}
            >
              {other === 'ADMIN' ? 'Make admin' : 'Make member'}
            </Menu.Item>
          ) : null}
          {mayTransfer ? (
            <Menu.Item value="transfer" onSelect={() => confirmChange.ask({ kind: 'transfer' })}>
              Transfer ownership…
            </Menu.Item>
          ) : null}
          {manageable ? (
            <Menu.Item value="remove" danger onSelect={() => confirmChange.ask({ kind: 'remove' })}>
              Remove from team…
            </Menu.Item>
          ) : null}
        </Menu.Content>
      </Menu.Root>
      <ConfirmDialog
        {...confirmChange.dialog}
        title={shown?.title ?? ''}
        description={shown?.description}
        confirmLabel={shown?.label ?? 'Confirm'}
        danger={pending?.kind !== 'role'}
      />
    </>
  );
}
