// Saving an SSH public key: its name, the key (checked as it is typed, and by the server for type, body
// and length), and whether a team may use it. What was typed stays when the server refuses it.
import { useState } from 'react';
import { grid } from 'styled-system/patterns';
import * as v from 'valibot';
import type { UserTeam } from '@/contract/auth';
import { sshPublicKeySchema } from '@/contract/computes';
import { addSshKeyRequestSchema } from '@/contract/ssh-keys';
import { useT } from '@/i18n';
import { useAddSshKey } from '@/services/ssh-keys.mutations';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Select } from '@/ui/select';
import { TextareaField, TextField } from '@/ui/text-field';
import { SettingsSection } from '../../-components/settings-section';

const ONLY_ME = 'only-me';

export function SshKeyForm({ teams }: { teams: UserTeam[] }) {
  const t = useT();
  const [name, setName] = useState('');
  const [publicKey, setPublicKey] = useState('');
  const [share, setShare] = useState(ONLY_ME);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const add = useAddSshKey({
    onSuccess: ({ key }) => {
      setSaved(t('account.sshKeys.saved', { name: key.name, fingerprint: key.fingerprint }));
      setName('');
      setPublicKey('');
      setShare(ONLY_ME);
    },
    onError: (error) => setErrors(error.fieldErrors ?? {}),
  });
  const request = { name, publicKey, teamId: share === ONLY_ME ? null : share };
  const failure = add.error && Object.keys(errors).length === 0 ? add.error.message : null;

  return (
    <SettingsSection
      id="new-ssh-key"
      title={t('account.sshKeys.saveTitle')}
      description={t('account.sshKeys.saveLead')}
    >
      <form
        noValidate
        className={grid({ gap: '4', maxWidth: '40rem' })}
        onSubmit={(event) => {
          event.preventDefault();
          setSaved(null);
          const checked = v.safeParse(addSshKeyRequestSchema, request);
          if (!checked.success) {
            const found: Record<string, string> = {};
            for (const issue of checked.issues)
              found[String(issue.path?.[0]?.key ?? 'form')] ??= issue.message;
            setErrors(found);
            return;
          }
          setErrors({});
          add.mutate(checked.output);
        }}
      >
        <TextField
          label={t('auth.name')}
          name="name"
          value={name}
          maxLength={64}
          help={t('account.sshKeys.nameHelp')}
          onChange={(event) => {
            setName(event.target.value);
            setErrors(({ name: _, ...rest }) => rest);
          }}
          error={errors.name}
          required
        />
        <TextareaField
          label={t('account.sshKeys.publicKey')}
          name="publicKey"
          mono
          value={publicKey}
          placeholder={t('account.sshKeys.publicKeyPlaceholder')}
          help={t('account.sshKeys.publicKeyHelp')}
          onChange={(event) => {
            setPublicKey(event.target.value);
            const checked = v.safeParse(sshPublicKeySchema, event.target.value);
            setErrors(({ publicKey: _, ...rest }) =>
              checked.success || !event.target.value
                ? rest
                : { ...rest, publicKey: checked.issues[0].message },
            );
          }}
          error={errors.publicKey}
          required
        />
        <Select
          label={t('account.sshKeys.who')}
          items={[
            { value: ONLY_ME, label: t('account.sshKeys.onlyMe') },
            ...teams.map((team) => ({
              value: team.id,
              label: t('account.sshKeys.everyoneIn', { team: team.name }),
            })),
          ]}
          value={share}
          onValueChange={(value) => setShare(value ?? ONLY_ME)}
          help={t('account.sshKeys.whoHelp')}
          error={errors.teamId}
        />
        {saved ? <Alert tone="success">{saved}</Alert> : null}
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div>
          <Button type="submit" loading={add.isPending}>
            {t('account.sshKeys.save')}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
