// The ten recovery codes, shown once when two-factor sign-in turns on (by an authenticator app or a first
// passkey), until the person says they saved them.

import { grid, wrap } from 'styled-system/patterns';
import { useT } from '@/i18n';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { CopyButton } from '@/ui/copy-button';

export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const t = useT();
  return (
    <div className={grid({ gap: '3' })}>
      <Alert tone="success">{t('account.security.codes.lead')}</Alert>
      <ul
        data-testid="recovery-codes"
        className={grid({
          gap: '1 6',
          fontFamily: 'mono',
          gridTemplateColumns: 'repeat(2, max-content)',
          listStyle: 'none',
          padding: '0',
        })}
      >
        {codes.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <div className={wrap({ gap: '3' })}>
        <CopyButton value={codes.join('\n')} label={t('account.security.codes.copy')} />
        <Button onClick={onSaved}>{t('account.security.codes.saved')}</Button>
      </div>
    </div>
  );
}
