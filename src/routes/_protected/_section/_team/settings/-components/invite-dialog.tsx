// Inviting someone by e-mail with a role from the member role list (MEMBER, ADMIN).
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { grid } from 'styled-system/patterns';
import { showToast } from '@/app-actors';
import { INVITATION_TTL_DAYS, type MemberRole } from '@/contract/teams';
import { type Translate, useT } from '@/i18n';
import { ApiError } from '@/services/http';
import { useInviteMember } from '@/services/teams.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import * as Dialog from '@/ui/dialog';
import { Select } from '@/ui/select';
import { TextField } from '@/ui/text-field';

const memberRoleItems = (t: Translate) => [
  { value: 'MEMBER', label: t('members.invite.roleMember') },
  { value: 'ADMIN', label: t('members.invite.roleAdmin') },
];

export function InviteDialog({
  teamId,
  open,
  onOpenChange,
}: {
  teamId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('MEMBER');
  const invite = useInviteMember(teamId, {
    onSuccess: (invitation) => {
      onOpenChange(false);
      setEmail('');
      setRole('MEMBER');
      showToast(router.options.context.actors, {
        tone: 'success',
        title: t('members.invite.sent', { email: invitation.email }),
        description: t('members.invite.linkWorks', { days: INVITATION_TTL_DAYS }),
      });
    },
  });
  const error = invite.error instanceof ApiError ? invite.error : null;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={({ open: next }) => {
        onOpenChange(next);
        if (!next) invite.reset();
      }}
      size="sm"
    >
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>{t('members.invite.open')}</Dialog.Title>
          <Dialog.CloseTrigger />
        </Dialog.Header>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            invite.mutate({ email, role });
          }}
        >
          <Dialog.Body>
            <div className={grid({ gap: '4' })}>
              <Dialog.Description>{t('members.invite.lead')}</Dialog.Description>
              <TextField
                label={t('auth.email')}
                name="email"
                type="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={error?.fieldErrors.email}
              />
              <Select
                label={t('members.column.role')}
                items={memberRoleItems(t)}
                value={role}
                onValueChange={(value) => setRole((value as MemberRole | null) ?? 'MEMBER')}
                error={error?.fieldErrors.role}
              />
              {error && Object.keys(error.fieldErrors).length === 0 ? (
                <Alert tone="error">{error.message}</Alert>
              ) : null}
            </div>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="ghost">{t('members.invite.cancel')}</Button>
            </Dialog.Close>
            <Button type="submit" variant="solid" loading={invite.isPending}>
              {t('members.invite.send')}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
