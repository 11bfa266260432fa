// Entering a one-time code (e-mail or SMS), rendered from the code-entry machine: the code keeps what was
// typed on a wrong try, the resend button waits out its cooldown with a countdown, and a locked entry
// says how long is left.
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { grid, wrap } from 'styled-system/patterns';
import type { ActorRefFrom } from 'xstate';
import { CODE_LENGTH } from '@/contract/auth';
import { formatWait } from '@/domain/helpers/text';
import { useT } from '@/i18n';
import type { codeEntryMachine } from '@/machines/code-entry';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Text } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { useCountdown } from '../../-components/use-countdown';

export interface CodeFormProps {
  actor: ActorRefFrom<typeof codeEntryMachine>;
  /** E.g. "Use a different e-mail address". */
  alternative?: ReactNode;
}

export function CodeForm({ actor, alternative }: CodeFormProps) {
  const t = useT();
  const snapshot = useSelector(actor, (s) => s);
  const { challenge, fieldErrors, message, lockedUntil } = snapshot.context;
  const [code, setCode] = useState('');
  const field = useRef<HTMLInputElement>(null);
  // A new code makes the old one useless: start the field afresh, ready to type into.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when a new code was sent
  useEffect(() => {
    setCode('');
    field.current?.focus();
  }, [challenge.challengeId]);
  const inCooldown = snapshot.matches({ entering: 'cooldown' });
  const locked = snapshot.matches('locked');
  const verifying = snapshot.matches('verifying');
  const resending = snapshot.matches('resending');
  const cooldownLeft = useCountdown(inCooldown ? Date.parse(challenge.resendAvailableAt) : null);
  const lockLeft = useCountdown(locked ? lockedUntil : null);

  return (
    <form
      noValidate
      className={grid({ gap: '4' })}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'code.submit', code });
      }}
    >
      <TextField
        ref={field}
        label={t('auth.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        mono
        required
        disabled={locked}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
        help={t('auth.codeForm.help', { length: CODE_LENGTH, destination: challenge.destination })}
        error={fieldErrors.code}
      />
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {locked && lockLeft !== null ? (
        <Text variant="muted">{t('auth.codeForm.locked', { wait: formatWait(lockLeft) })}</Text>
      ) : null}
      <Button type="submit" variant="solid" loading={verifying} disabled={locked || resending}>
        {t('auth.verify')}
      </Button>
      <div className={wrap({ gap: '3', align: 'center' })}>
        <Button
          variant="ghost"
          size="sm"
          loading={resending}
          disabled={inCooldown || locked || verifying}
          onClick={() => actor.send({ type: 'code.resend' })}
        >
          {t('auth.codeForm.resend')}
        </Button>
        {inCooldown && cooldownLeft !== null && cooldownLeft > 0 ? (
          <Text as="span" variant="hint">
            {t('auth.codeForm.availableIn', { wait: formatWait(cooldownLeft) })}
          </Text>
        ) : null}
        {alternative}
      </div>
    </form>
  );
}
