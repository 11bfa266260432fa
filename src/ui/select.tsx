// A single-choice select on Ark Select, laid out like the other form fields (label, help, error).
import { Field as ArkField, useFieldContext } from '@ark-ui/react/field';
import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select';
import { type ReactNode, useMemo } from 'react';
import { cx } from 'styled-system/css';
import { select } from 'styled-system/recipes';
import { useT } from '@/i18n';
import { AlertIcon, CheckIcon, ChevronDownIcon } from './icons';
import { Layer } from './layer';

export interface SelectItem {
  label: string;
  value: string;
  disabled?: boolean;
}

export interface SelectProps {
  label: ReactNode;
  items: SelectItem[];
  /** Controlled value; `null` means nothing chosen. Leave undefined to let the select keep its own. */
  value?: string | null;
  defaultValue?: string;
  onValueChange?: (value: string | null) => void;
  placeholder?: string;
  help?: ReactNode;
  error?: ReactNode;
  /** Submitted with a native form under this name (a hidden <select> carries the value). */
  name?: string;
  id?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
}

function Trigger({
  classes,
  placeholder,
}: {
  classes: Record<string, string>;
  placeholder: string | undefined;
}) {
  // As with text fields, list help and error in aria-describedby: Ark only sets aria-invalid on the trigger.
  const field = useFieldContext();
  const control = field?.getInputProps();
  const describedBy = [control?.['aria-describedby'], control?.['aria-errormessage']]
    .filter(Boolean)
    .join(' ');
  return (
    <ArkSelect.Trigger className={classes.trigger} aria-describedby={describedBy || undefined}>
      <ArkSelect.ValueText placeholder={placeholder} className={classes.valueText} />
      <ArkSelect.Indicator className={classes.indicator}>
        <ChevronDownIcon />
      </ArkSelect.Indicator>
    </ArkSelect.Trigger>
  );
}

export function Select({
  label,
  items,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  help,
  error,
  name,
  id,
  required,
  disabled,
  className,
}: SelectProps) {
  const t = useT();
  const collection = useMemo(() => createListCollection({ items }), [items]);
  const classes = select();
  const invalid = error != null && error !== false && error !== '';
  const controlled = value === undefined ? {} : { value: value === null ? [] : [value] };
  return (
    <ArkField.Root
      id={id}
      invalid={invalid}
      required={required}
      disabled={disabled}
      className={cx(classes.root, className)}
    >
      <ArkSelect.Root
        collection={collection}
        {...controlled}
        defaultValue={defaultValue === undefined ? undefined : [defaultValue]}
        onValueChange={(details) => onValueChange?.(details.value[0] ?? null)}
        name={name}
        positioning={{ sameWidth: true }}
        className={classes.root}
      >
        <ArkSelect.Label className={classes.label}>{label}</ArkSelect.Label>
        <ArkSelect.Control className={classes.control}>
          <Trigger classes={classes} placeholder={placeholder ?? t('ui.select.placeholder')} />
        </ArkSelect.Control>
        <Layer>
          <ArkSelect.Positioner className={classes.positioner}>
            <ArkSelect.Content className={classes.content}>
              {collection.items.map((item) => (
                <ArkSelect.Item key={item.value} item={item} className={classes.item}>
                  <ArkSelect.ItemText>{item.label}</ArkSelect.ItemText>
                  <ArkSelect.ItemIndicator className={classes.itemIndicator}>
                    <CheckIcon />
                  </ArkSelect.ItemIndicator>
                </ArkSelect.Item>
              ))}
            </ArkSelect.Content>
          </ArkSelect.Positioner>
        </Layer>
        <ArkSelect.HiddenSelect />
      </ArkSelect.Root>
      {invalid ? (
        <ArkField.ErrorText className={classes.errorText}>
          <AlertIcon />
          <span>{error}</span>
        </ArkField.ErrorText>
      ) : null}
      {help ? <ArkField.HelperText className={classes.helperText}>{help}</ArkField.HelperText> : null}
    </ArkField.Root>
  );
}
