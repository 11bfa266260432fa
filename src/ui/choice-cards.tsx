// A choice among a few rich options (location, image, plan): native radio buttons in a fieldset, so
// arrow keys, labels and screen readers work as everywhere else, laid out as cards.
import type { ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { choiceCards } from 'styled-system/recipes';

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
  const classes = choiceCards({ columns: `${columns}` as const });
  const errorId = `${name}-error`;
  const helpId = `${name}-help`;
  return (
    <fieldset
      className={cx(classes.root, className)}
      aria-describedby={[help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined}
    >
      <legend className={classes.legend}>{legend}</legend>
      {help ? (
        <p id={helpId} className={classes.help}>
          {help}
        </p>
      ) : null}
      <div className={classes.options}>
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          return (
            <label key={option.value} htmlFor={id} className={classes.card}>
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                aria-describedby={option.disabledReason ? `${id}-why` : undefined}
                className={classes.radio}
              />
              <span className={classes.body}>
                <span className={classes.label}>{option.label}</span>
                {option.description ? (
                  <span className={classes.description}>{option.description}</span>
                ) : null}
                {option.disabledReason ? (
                  <span id={`${id}-why`} className={classes.reason}>
                    {option.disabledReason}
                  </span>
                ) : null}
              </span>
              {option.aside ? <span className={classes.aside}>{option.aside}</span> : null}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
