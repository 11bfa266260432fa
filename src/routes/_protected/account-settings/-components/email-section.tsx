import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { withInspector } from '@/app-actors';
import type { CurrentSession, User } from '@/contract/auth';
import { changeWithCodeFor } from '@/machines/change-with-code';
import { requestEmailChange } from '@/services/auth.api';
import { useConfirmEmailChange } from '@/services/auth.mutations';
import { TextField } from '@/ui/text-field';
import { SettingsSection } from '../../-components/settings-section';
import { ChangeWithCodeForm } from './change-with-code-form';

export function EmailSection({ current }: { current: CurrentSession }) {
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
      title="E-mail address"
      description={`Codes and notices go to ${current.user.email}. A new address is confirmed with a code sent to it.`}
    >
      <ChangeWithCodeForm
        actor={actor}
        submitLabel="Send a code to the new address"
        doneText={`Your e-mail address is now ${changedTo}.`}
        onSubmit={() => actor.send({ type: 'change.submit', value: email })}
        fields={(errors) => (
          <TextField
            label="New e-mail address"
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
