// The ten recovery codes, shown once when two-factor sign-in turns on (by an authenticator app or a first
// passkey), until the person says they saved them.

import { grid, wrap } from 'styled-system/patterns';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { CopyButton } from '@/ui/copy-button';

export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  return (
    <div className={grid({ gap: '3' })}>
      <Alert tone="success">
        Two-factor sign-in is on. Save these recovery codes somewhere safe: each signs you in once if you lose
        your phone or key. This is the only time they are shown.
      </Alert>
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
        <CopyButton value={codes.join('\n')} label="Copy the codes" />
        <Button onClick={onSaved}>I have saved them</Button>
      </div>
    </div>
  );
}
