// What can be done to one member: change the role, hand over ownership, remove. Each asks first.
import { useRouter } from '@tanstack/react-router';
import { showToast } from '@/app-actors';
import type { Role } from '@/contract/auth';
import type { Member, Team } from '@/contract/teams';
import { can, canManageMember } from '@/domain/permissions';
import { type MessageId, type Translate, useT } from '@/i18n';
import { type MemberChange, useChangeMember } from '@/services/teams.mutations';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { MoreIcon } from '@/ui/icons';
import * as Menu from '@/ui/menu';
import { useConfirmAction } from '@/ui/use-confirm-action';
import { VisuallyHidden } from '@/ui/visually-hidden';

const ROLE_WORDS: Record<Role, MessageId> = {
  OWNER: 'members.role.owner',
  ADMIN: 'members.role.admin',
  MEMBER: 'members.role.member',
};

/** A role's name as a badge shows it: Owner, Admin, Member. */
export function roleLabel(t: Translate, role: Role): string {
  return t(ROLE_WORDS[role]);
}

export function MemberActions({ team, member, isSelf }: { team: Team; member: Member; isSelf: boolean }) {
  const t = useT();
  const router = useRouter();
  const toast = (title: string) => showToast(router.options.context.actors, { tone: 'success', title });
  const act = useChangeMember(team.id, member, {
    onSuccess: (action) => {
      const words = { name: member.name, team: team.name };
      if (action.kind === 'role')
        toast(t(action.role === 'ADMIN' ? 'members.actions.nowAdmin' : 'members.actions.nowMember', words));
      else if (action.kind === 'transfer') toast(t('members.actions.transferred', words));
      else toast(t('members.actions.removed', words));
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
  const words = { name: member.name, team: team.name };
  const makeLabel = other === 'ADMIN' ? t('members.actions.makeAdmin') : t('members.actions.makeMember');
  const confirm = {
    role: {
      title: t(
        other === 'ADMIN' ? 'members.actions.makeAdminTitle' : 'members.actions.makeMemberTitle',
        words,
      ),
      description: t(other === 'ADMIN' ? 'members.actions.makeAdminLead' : 'members.actions.makeMemberLead'),
      label: makeLabel,
    },
    transfer: {
      title: t('members.actions.transferTitle', words),
      description: t('members.actions.transferLead', words),
      label: t('members.actions.transfer'),
    },
    remove: {
      title: t('members.actions.removeTitle', words),
      description: t('members.actions.removeLead', words),
      label: t('members.actions.remove'),
    },
  };
  const shown = pending ? confirm[pending.kind] : null;

  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm">
            <MoreIcon />
            <VisuallyHidden>{t('members.actions.menu', { name: member.name })}</VisuallyHidden>
          </Button>
        </Menu.Trigger>
        <Menu.Content>
          {manageable ? (
            <Menu.Item
              value="role"
              onSelect={() => confirmChange.ask({ kind: 'role', role: other as 'MEMBER' | 'ADMIN' })}
            >
              {makeLabel}
            </Menu.Item>
          ) : null}
          {mayTransfer ? (
            <Menu.Item value="transfer" onSelect={() => confirmChange.ask({ kind: 'transfer' })}>
              {t('members.actions.transferMenu')}
            </Menu.Item>
          ) : null}
          {manageable ? (
            <Menu.Item value="remove" danger onSelect={() => confirmChange.ask({ kind: 'remove' })}>
              {t('members.actions.removeMenu')}
            </Menu.Item>
          ) : null}
        </Menu.Content>
      </Menu.Root>
      <ConfirmDialog
        {...confirmChange.dialog}
        title={shown?.title ?? ''}
        description={shown?.description}
        confirmLabel={shown?.label ?? t('members.actions.confirm')}
        danger={pending?.kind !== 'role'}
      />
    </>
  );
}
