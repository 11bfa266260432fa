// Entering a one-time code (e-mail or SMS): the code keeps what was typed on a wrong try, the resend
// button waits out its cooldown with a countdown, and a locked address says how long is left.
import { type ReactNode, useEffect, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { CODE_LENGTH } from '../../../contract/auth';
import { formatSeconds, formatWait } from '../../../domain/helpers/text';
import type { AuthMessage } from '../../../machines/auth';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useCountdown } from '../../-components/use-countdown';

export interface CodeFormProps {
  challengeId: string;
  destination: string;
  resendAvailableAt: string;
  verifying: boolean;
  resending: boolean;
  inCooldown: boolean;
  lockedUntil: number | null;
  error: string | undefined;
  message: AuthMessage | null;
  onSubmit: (code: string) => void;
  onResend: () => void;
  /** E.g. "Use a different e-mail address". */
  alternative?: ReactNode;
}

export function CodeForm(props: CodeFormProps) {
  const { challengeId, destination, verifying, resending, inCooldown, lockedUntil, error, message } = props;
  const [code, setCode] = useState('');
  // A new code makes the old one useless: start the field afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when a new code was sent
  useEffect(() => setCode(''), [challengeId]);
  const cooldownLeft = useCountdown(inCooldown ? Date.parse(props.resendAvailableAt) : null);
  const lockLeft = useCountdown(lockedUntil);
  const locked = lockedUntil !== null;

  return (
    <form
      noValidate
      className={css({ display: 'grid', gap: '4' })}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit(code);
      }}
    >
      <TextField
        label="Code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        mono
        required
        disabled={locked}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
        help={`The ${CODE_LENGTH}-digit code we sent to ${destination}. It works for 10 minutes.`}
        error={error}
      />
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {locked && lockLeft !== null ? (
        <p className={css({ color: 'fg.muted' })}>You can try again in {formatWait(lockLeft)}.</p>
      ) : null}
      <Button type="submit" variant="solid" loading={verifying} disabled={locked || resending}>
        Verify
      </Button>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
        <Button
          variant="ghost"
          size="sm"
          loading={resending}
          disabled={inCooldown || locked || verifying}
          onClick={props.onResend}
        >
          Send a new code
        </Button>
        {inCooldown && cooldownLeft !== null && cooldownLeft > 0 ? (
          <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
            Available in {formatSeconds(cooldownLeft)}
          </span>
        ) : null}
        {props.alternative}
      </div>
    </form>
  );
}
