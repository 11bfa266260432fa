// Tags typed one by one (Enter or comma adds one, Backspace on an empty input removes the last), each
// checked as it is added, with the reason shown beside the field.
import { type KeyboardEvent, useId, useState } from 'react';
import { css } from 'styled-system/css';
import { CloseIcon } from './icons';

export interface TagInputProps {
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  /** Says why a tag is refused, or undefined when it is fine. */
  validate?: (tag: string, tags: string[]) => string | undefined;
  help?: string;
  error?: string | undefined;
  disabled?: boolean;
}

const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  paddingX: '2',
  paddingY: '0.5',
  borderRadius: 'full',
  bg: 'accent.subtle',
  color: 'accent.text',
  fontSize: 'xs',
  fontFamily: 'mono',
});

export function TagInput({ label, tags, onChange, validate, help, error, disabled }: TagInputProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const shown = problem ?? error;

  const add = () => {
    const tag = draft.trim().toLowerCase();
    if (!tag) return;
    const reason = tags.includes(tag) ? `“${tag}” is already there.` : validate?.(tag, tags);
    setProblem(reason);
    if (reason) return;
    onChange([...tags, tag]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div className={css({ display: 'grid', gap: '1.5' })}>
      <label htmlFor={id} className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
        {label}
      </label>
      {tags.length > 0 ? (
        <ul aria-label={`${label}: added`} className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })}>
          {tags.map((tag) => (
            <li key={tag} className={chip}>
              {tag}
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(tags.filter((other) => other !== tag))}
                className={css({
                  display: 'inline-flex',
                  cursor: 'pointer',
                  '& svg': { width: '3', height: '3' },
                })}
              >
                <CloseIcon />
                <span className={css({ srOnly: true })}>Remove tag {tag}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={css({ display: 'flex', gap: '2' })}>
        <input
          id={id}
          value={draft}
          disabled={disabled}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(undefined);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={shown ? true : undefined}
          aria-describedby={
            [help ? `${id}-help` : null, shown ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
          }
          className={css({
            flex: '1',
            height: '10',
            paddingX: '3',
            borderWidth: '1px',
            borderStyle: 'solid',
            borderColor: 'border.control',
            borderRadius: 'md',
            bg: 'bg.surface',
            fontFamily: 'mono',
            '&[aria-invalid=true]': { borderColor: 'danger.text' },
          })}
        />
        <button
          type="button"
          disabled={disabled || draft.trim() === ''}
          onClick={add}
          className={css({
            paddingX: '3',
            borderRadius: 'md',
            borderWidth: '1px',
            borderColor: 'border.control',
            cursor: 'pointer',
            _disabled: { opacity: '0.6', cursor: 'not-allowed' },
          })}
        >
          Add tag
        </button>
      </div>
      {help ? (
        <span id={`${id}-help`} className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {help}
        </span>
      ) : null}
      {shown ? (
        <span
          id={`${id}-error`}
          className={css({ fontSize: 'xs', fontWeight: 'medium', color: 'danger.text' })}
        >
          {shown}
        </span>
      ) : null}
    </div>
  );
}
