// Form field parts on Ark Field: the label, help and error texts are wired to the control by id.
import { Field as ArkField, useFieldContext } from '@ark-ui/react/field';
import type { ComponentProps } from 'react';
import { cx } from '../../styled-system/css';
import { field } from '../../styled-system/recipes';
import { AlertIcon } from './icons';
import { createStyleContext, useSlotClass } from './style-context';

const { withProvider, withContext, StyleContext } = createStyleContext(field);

/** Props: `invalid`, `required`, `disabled`, `readOnly`, `id`, and `mono` for code-like values. */
export const Root = withProvider(ArkField.Root, 'root');
export const Label = withContext(ArkField.Label, 'label');
export const HelperText = withContext(ArkField.HelperText, 'helperText');
export const RequiredIndicator = withContext(ArkField.RequiredIndicator, 'requiredIndicator');

/**
 * Ark points at the error with aria-errormessage, which several screen readers ignore; listing it in
 * aria-describedby as well makes the message heard when the control is focused.
 */
function useDescribedBy(own: string | undefined): string | undefined {
  const context = useFieldContext();
  const control = context?.getInputProps();
  const ids = [control?.['aria-describedby'], control?.['aria-errormessage'], own].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function Input({ className, ...props }: ComponentProps<typeof ArkField.Input>) {
  const slot = useSlotClass(StyleContext, 'input');
  const describedBy = useDescribedBy(props['aria-describedby']);
  return <ArkField.Input {...props} aria-describedby={describedBy} className={cx(slot, className)} />;
}

export function Textarea({ className, ...props }: ComponentProps<typeof ArkField.Textarea>) {
  const slot = useSlotClass(StyleContext, 'textarea');
  const describedBy = useDescribedBy(props['aria-describedby']);
  return <ArkField.Textarea {...props} aria-describedby={describedBy} className={cx(slot, className)} />;
}

/** Renders only while the field is invalid, so an error never lingers after it is fixed. */
export function ErrorText({ className, children, ...props }: ComponentProps<typeof ArkField.ErrorText>) {
  const slot = useSlotClass(StyleContext, 'errorText');
  return (
    <ArkField.ErrorText {...props} className={cx(slot, className)}>
      <AlertIcon />
      <span>{children}</span>
    </ArkField.ErrorText>
  );
}
