// A choice among a few rich options (location, image, plan): native radio buttons in a fieldset, so
// arrow keys, labels and screen readers work as everywhere else, laid out as cards.
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';

export interface ChoiceCard {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  /** Shown on the right of the card, e.g. a price. */
  aside?: ReactNode;
  disabled?: boolean;
  /** Why it can't be chosen, read with the option. */
  disabledReason?: ReactNode;
}

export interface ChoiceCardsProps {
  legend: ReactNode;
  name: string;
  value: string | null;
  onChange: (value: string) => void;
  options: ChoiceCard[];
  error?: ReactNode;
  help?: ReactNode;
  columns?: 1 | 2 | 3;
  className?: string;
}

const grid = {
  1: '1fr',
  2: 'repeat(auto-fill, minmax(min(20rem, 100%), 1fr))',
  3: 'repeat(auto-fill, minmax(12rem, 1fr))',
};

const card = css({
  position: 'relative',
  display: 'flex',
  gap: '3',
  alignItems: 'flex-start',
  padding: '3',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.control',
  borderRadius: 'md',
  bg: 'bg.surface',
  cursor: 'pointer',
  '&:has(input:checked)': {
    borderColor: 'accent.brand',
    boxShadow: '0 0 0 1px {colors.accent.brand}',
    bg: 'accent.subtle',
  },
  '&:has(input:focus-visible)': {
    outline: '2px solid',
    outlineColor: 'accent.focusRing',
    outlineOffset: '2px',
  },
  '&:has(input:disabled)': { cursor: 'not-allowed', opacity: '0.65', bg: 'bg.subtle' },
});

export function ChoiceCards({
  legend,
  name,
  value,
  onChange,
  options,
  error,
  help,
  columns = 2,
  className,
}: ChoiceCardsProps) {
  const errorId = `${name}-error`;
  const helpId = `${name}-help`;
  return (
    <fieldset
      className={cx(css({ display: 'grid', gap: '2', border: 'none', padding: '0', margin: '0' }), className)}
      aria-describedby={[help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined}
    >
      <legend className={css({ fontSize: 'sm', fontWeight: 'medium', marginBottom: '2' })}>{legend}</legend>
      {help ? (
        <p id={helpId} className={css({ fontSize: 'xs', color: 'fg.muted', marginTop: '-1' })}>
          {help}
        </p>
      ) : null}
      <div className={css({ display: 'grid', gap: '2' })} style={{ gridTemplateColumns: grid[columns] }}>
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          return (
            <label key={option.value} htmlFor={id} className={card}>
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                aria-describedby={option.disabledReason ? `${id}-why` : undefined}
                className={css({ marginTop: '1', accentColor: 'var(--colors-accent-solid)' })}
              />
              <span className={css({ display: 'grid', gap: '0.5', flex: '1', minWidth: '0' })}>
                <span className={css({ fontWeight: '500' })}>{option.label}</span>
                {option.description ? (
                  <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{option.description}</span>
                ) : null}
                {option.disabledReason ? (
                  <span id={`${id}-why`} className={css({ fontSize: 'xs', color: 'warning.text' })}>
                    {option.disabledReason}
                  </span>
                ) : null}
              </span>
              {option.aside ? (
                <span className={css({ fontSize: 'sm', textAlign: 'right', whiteSpace: 'nowrap' })}>
                  {option.aside}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className={css({ fontSize: 'xs', fontWeight: 'medium', color: 'danger.text' })}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
