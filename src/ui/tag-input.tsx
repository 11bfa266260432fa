// Tags typed one by one (Enter or comma adds one, Backspace on an empty input removes the last), each
// checked as it is added, with the reason shown beside the field.
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { tagInput } from 'styled-system/recipes';
import { useT } from '@/i18n';
import { CloseIcon } from './icons';
import { VisuallyHidden } from './visually-hidden';

export interface TagInputProps {
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  /** Says why a tag is refused, or undefined when it is fine. */
  validate?: (tag: string, tags: string[]) => string | undefined;
  /** What to type; a sentence naming the key uses <EnterKey /> (tRich). */
  help?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
}

/** The Enter key as its keyboard labels it in the language in use, marked as a key (not a word to translate). */
export function EnterKey() {
  const t = useT();
  return <kbd>{t('ui.key.enter')}</kbd>;
}

export function TagInput({ label, tags, onChange, validate, help, error, disabled }: TagInputProps) {
  const t = useT();
  const classes = tagInput();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const shown = problem ?? error;

  const add = () => {
    const tag = draft.trim().toLowerCase();
    if (!tag) return;
    const reason = tags.includes(tag) ? t('ui.tags.duplicate', { tag }) : validate?.(tag, tags);
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
    <div className={classes.root}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      {tags.length > 0 ? (
        <ul aria-label={t('ui.tags.added', { label })} className={classes.tags}>
          {tags.map((tag) => (
            <li key={tag} className={classes.tag}>
              {tag}
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(tags.filter((other) => other !== tag))}
                className={classes.remove}
              >
                <CloseIcon />
                <VisuallyHidden>{t('ui.tags.remove', { tag })}</VisuallyHidden>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={classes.control}>
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
          className={classes.input}
        />
        <button
          type="button"
          disabled={disabled || draft.trim() === ''}
          onClick={add}
          className={classes.add}
        >
          {t('ui.tags.add')}
        </button>
      </div>
      {help ? (
        <span id={`${id}-help`} className={classes.help}>
          {help}
        </span>
      ) : null}
      {shown ? (
        <span id={`${id}-error`} className={classes.error}>
          {shown}
        </span>
      ) : null}
    </div>
  );
}
