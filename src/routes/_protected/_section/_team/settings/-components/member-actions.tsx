// What can be done to one member: change the role, hand over ownership, remove. Each asks first.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { showToast } from '@/app-actors';
import type { Role } from '@/contract/auth';
import type { Member, Team } from '@/contract/teams';
import { can, canManageMember } from '@/domain/permissions';
import { changeMemberRole, removeMember, transferOwnership } from '@/services/teams.api';
import { teamKeys } from '@/services/teams.queries';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { MoreIcon } from '@/ui/icons';
import * as Menu from '@/ui/menu';
import { VisuallyHidden } from '@/ui/visually-hidden';

type Pending = { kind: 'role'; role: 'MEMBER' | 'ADMIN' } | { kind: 'transfer' } | { kind: 'remove' } | null;

export function MemberActions({ team, member, isSelf }: { team: Team; member: Member; isSelf: boolean }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.members(team.id) }),
      queryClient.invalidateQueries({ queryKey: teamKeys.userTeams() }),
    ]);
  const toast = (title: string) => showToast(router.options.context.actors, { tone: 'success', title });
  const act = useMutation({
    mutationFn: async (action: Exclude<Pending, null>) => {
      if (action.kind === 'role') await changeMemberRole(team.id, member.userId, action.role);
      else if (action.kind === 'transfer') await transferOwnership(team.id, member.userId);
      else await removeMember(team.id, member.userId);
      return action;
    },
    onSuccess: async (action) => {
      await refresh();
      if (action.kind === 'role')
        toast(`${member.name} is now ${action.role === 'ADMIN' ? 'an admin' : 'a member'}.`);
      else if (action.kind === 'transfer') toast(`${member.name} now owns ${team.name}. You are an admin.`);
      else toast(`${member.name} was removed from ${team.name}.`);
    },
    onError: (error) => showToast(router.options.context.actors, { tone: 'error', title: error.message }),
  });

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
              onSelect={() => setPending({ kind: 'role', role: other as 'MEMBER' | 'ADMIN' })}
            >
              {other === 'ADMIN' ? 'Make admin' : 'Make member'}
            </Menu.Item>
          ) : null}
          {mayTransfer ? (
            <Menu.Item value="transfer" onSelect={() => setPending({ kind: 'transfer' })}>
              Transfer ownership…
            </Menu.Item>
          ) : null}
          {manageable ? (
            <Menu.Item value="remove" danger onSelect={() => setPending({ kind: 'remove' })}>
              Remove from team…
            </Menu.Item>
          ) : null}
        </Menu.Content>
      </Menu.Root>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={shown?.title ?? ''}
        description={shown?.description}
        confirmLabel={shown?.label ?? 'Confirm'}
        danger={pending?.kind !== 'role'}
        onConfirm={() => (pending ? act.mutateAsync(pending) : undefined)}
      />
    </>
  );
}
