// The person's name: saved with a plain confirmation or the reason it could not be.
import { useState } from 'react';
import { grid } from 'styled-system/patterns';
import type { CurrentSession } from '@/contract/auth';
import { useUpdateProfile } from '@/services/auth.mutations';
import { ApiError } from '@/services/http';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/text-field';
import { SettingsSection } from '../../-components/settings-section';

export function ProfileSection({ current }: { current: CurrentSession }) {
  const [name, setName] = useState(current.user.name);
  const save = useUpdateProfile();
  const error = save.error instanceof ApiError ? save.error : null;
  return (
    <SettingsSection id="profile" title="Name" description="How you appear to your teams and in e-mails.">
      <form
        noValidate
        className={grid({ gap: '3', maxWidth: '28rem' })}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ name });
        }}
      >
        <TextField
          label="Name"
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
        {save.isSuccess ? <Alert tone="success">Your name is saved.</Alert> : null}
        <div>
          <Button
            type="submit"
            variant="solid"
            loading={save.isPending}
            disabled={name === current.user.name}
          >
            Save name
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
