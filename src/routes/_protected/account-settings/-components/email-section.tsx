import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { withInspector } from '@/app-actors';
import type { CurrentSession, User } from '@/contract/auth';
import { useT } from '@/i18n';
import { changeWithCodeFor } from '@/machines/change-with-code';
import { requestEmailChange } from '@/services/auth.api';
import { useConfirmEmailChange } from '@/services/auth.mutations';
import { TextField } from '@/ui/text-field';
import { SettingsSection } from '../../-components/settings-section';
import { ChangeWithCodeForm } from './change-with-code-form';

export function EmailSection({ current }: { current: CurrentSession }) {
  const t = useT();
  const confirm = useConfirmEmailChange();
  const [email, setEmail] = useState('');
  const [changedTo, setChangedTo] = useState('');
  const actor = useActorRef(
    changeWithCodeFor({
      requestCode: (value) => requestEmailChange({ email: String(value) }),
      confirmCode: (input) => confirm.mutateAsync(input),
    }).provide({
      actions: {
        changed: (_, { result }) => {
          const user = result as User;
          setChangedTo(user.email);
          setEmail('');
        },
      },
    }),
    withInspector(),
  );
  return (
    <SettingsSection
      id="email"
      title={t('auth.email')}
      description={t('account.email.lead', { email: current.user.email })}
    >
      <ChangeWithCodeForm
        actor={actor}
        submitLabel={t('account.email.submit')}
        doneText={t('account.email.done', { email: changedTo })}
        onSubmit={() => actor.send({ type: 'change.submit', value: email })}
        fields={(errors) => (
          <TextField
            label={t('account.email.newLabel')}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
          />
        )}
      />
    </SettingsSection>
  );
}
