// The person's name: saved with a plain confirmation or the reason it could not be.
import { useState } from 'react';
import { grid } from 'styled-system/patterns';
import type { CurrentSession } from '@/contract/auth';
import { useT } from '@/i18n';
import { useUpdateProfile } from '@/services/auth.mutations';
import { ApiError } from '@/services/http';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/text-field';
import { SettingsSection } from '../../-components/settings-section';

export function ProfileSection({ current }: { current: CurrentSession }) {
  const t = useT();
  const [name, setName] = useState(current.user.name);
  const save = useUpdateProfile();
  const error = save.error instanceof ApiError ? save.error : null;
  return (
    <SettingsSection id="profile" title={t('auth.name')} description={t('account.profile.lead')}>
      <form
        noValidate
        className={grid({ gap: '3', maxWidth: '28rem' })}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ name });
        }}
      >
        <TextField
          label={t('auth.name')}
          name="name"
          autoComplete="name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            save.reset();
          }}
          error={error?.fieldErrors.name}
        />
        {error && !error.fieldErrors.name ? <Alert tone="error">{error.message}</Alert> : null}
        {save.isSuccess ? <Alert tone="success">{t('account.profile.saved')}</Alert> : null}
        <div>
          <Button
            type="submit"
            variant="solid"
            loading={save.isPending}
            disabled={name === current.user.name}
          >
            {t('account.profile.save')}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
