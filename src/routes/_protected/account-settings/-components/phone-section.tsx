import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { withInspector } from '@/app-actors';
import type { CurrentSession } from '@/contract/auth';
import { useT } from '@/i18n';
import { changeWithCodeFor } from '@/machines/change-with-code';
import { CodeEntryDelivery } from '@/routes/auth/-components/code-delivery';
import { requestPhoneCode } from '@/services/auth.api';
import { useVerifyPhone } from '@/services/auth.mutations';
import { PhoneField } from '@/ui/phone-field';
import { SettingsSection } from '../../-components/settings-section';
import { ChangeWithCodeForm } from './change-with-code-form';

export function PhoneSection({ current }: { current: CurrentSession }) {
  const t = useT();
  const verify = useVerifyPhone();
  const [country, setCountry] = useState('RW');
  const [number, setNumber] = useState('');
  const [changedTo, setChangedTo] = useState('');
  const actor = useActorRef(
    changeWithCodeFor({
      requestCode: (value) => requestPhoneCode(value as { country: string; phoneNumber: string }),
      confirmCode: (input) => verify.mutateAsync(input),
    }).provide({
      actions: {
        changed: (_, { result }) => {
          const session = result as CurrentSession;
          setChangedTo(session.user.phoneNumber ?? '');
          setNumber('');
        },
      },
    }),
    withInspector(),
  );
  return (
    <SettingsSection
      id="phone"
      title={t('auth.phone.label')}
      description={
        current.user.phoneNumber
          ? t('account.phone.lead', { number: current.user.phoneNumber })
          : t('account.phone.none')
      }
    >
      <ChangeWithCodeForm
        actor={actor}
        submitLabel={t('account.phone.submit')}
        codeNote={(codeEntry) => <CodeEntryDelivery actor={codeEntry} />}
        doneText={t('account.phone.done', { number: changedTo })}
        onSubmit={() => actor.send({ type: 'change.submit', value: { country, phoneNumber: number } })}
        fields={(errors) => (
          <PhoneField
            label={t('account.phone.newLabel')}
            name="phoneNumber"
            country={country}
            onCountryChange={setCountry}
            value={number}
            onValueChange={setNumber}
            error={errors.phoneNumber ?? errors.country}
          />
        )}
      />
    </SettingsSection>
  );
}
