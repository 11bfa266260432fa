// Renders the change-with-code machine: the new value's form, then the code sent to it, then the result.
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import type { ActorRefFrom } from 'xstate';
import { useT } from '@/i18n';
import type { changeWithCodeMachine } from '@/machines/change-with-code';
import type { codeEntryMachine } from '@/machines/code-entry';
import { CodeForm } from '@/routes/auth/-components/code-form';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';

export function ChangeWithCodeForm({
  actor,
  fields,
  submitLabel,
  onSubmit,
  doneText,
  codeNote,
}: {
  actor: ActorRefFrom<typeof changeWithCodeMachine>;
  /** The inputs of the new value, given the field messages from the server. */
  fields: (fieldErrors: Record<string, string>) => ReactNode;
  submitLabel: string;
  onSubmit: () => void;
  doneText: string;
  /** Shown above the code field, given the code entry (the phone's: what happened to the text). */
  codeNote?: (codeEntry: ActorRefFrom<typeof codeEntryMachine>) => ReactNode;
}) {
  const t = useT();
  const snapshot = useSelector(actor, (s) => s);
  const codeEntry = useSelector(
    actor,
    (s) => s.children.codeEntry as ActorRefFrom<typeof codeEntryMachine> | undefined,
  );
  const { fieldErrors, message } = snapshot.context;

  if (snapshot.matches('done')) {
    return (
      <div className={grid({ gap: '3', justifyItems: 'start' })}>
        <Alert tone="success">{doneText}</Alert>
        <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'change.again' })}>
          {t('account.change.again')}
        </Button>
      </div>
    );
  }

  if (snapshot.matches('codeEntry') && codeEntry) {
    return (
      <div className={css({ maxWidth: '28rem' })}>
        {codeNote?.(codeEntry)}
        <CodeForm
          actor={codeEntry}
          alternative={
            <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'change.cancel' })}>
              {t('ui.cancel')}
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <form
      noValidate
      className={grid({ gap: '3', maxWidth: '28rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {fields(fieldErrors)}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div>
        <Button type="submit" variant="outline" loading={snapshot.hasTag('busy')}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
