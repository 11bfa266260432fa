// One-line form fields: a label, a control, help text and the server's or validator's message beside it.
import type { ComponentProps, ReactNode } from 'react';
import * as Field from './field';

interface FieldChrome {
  label: ReactNode;
  /** Help shown under the control; it stays when an error appears, since it often explains the fix. */
  help?: ReactNode;
  /** The message for what is wrong with the value; marks the control invalid while set. */
  error?: ReactNode;
  /** Monospace text, for addresses, hostnames, keys and DNS values. */
  mono?: boolean;
}

function Chrome({
  id,
  label,
  help,
  error,
  mono,
  required,
  disabled,
  readOnly,
  className,
  children,
}: FieldChrome & {
  id?: string | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  readOnly?: boolean | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  const invalid = error != null && error !== false && error !== '';
  return (
    <Field.Root
      id={id}
      mono={mono}
      invalid={invalid}
      required={required}
      disabled={disabled}
      readOnly={readOnly}
      className={className}
    >
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator>*</Field.RequiredIndicator> : null}
      </Field.Label>
      {children}
      {invalid ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      {help ? <Field.HelperText>{help}</Field.HelperText> : null}
    </Field.Root>
  );
}

export type TextFieldProps = FieldChrome & Omit<ComponentProps<'input'>, 'children'>;

export function TextField({
  label,
  help,
  error,
  mono,
  id,
  required,
  disabled,
  readOnly,
  className,
  ...input
}: TextFieldProps) {
  return (
    <Chrome {...{ id, label, help, error, mono, required, disabled, readOnly, className }}>
      <Field.Input {...input} />
    </Chrome>
  );
}

export type TextareaFieldProps = FieldChrome & Omit<ComponentProps<'textarea'>, 'children'>;

export function TextareaField({
  label,
  help,
  error,
  mono,
  id,
  required,
  disabled,
  readOnly,
  className,
  ...textarea
}: TextareaFieldProps) {
  return (
    <Chrome {...{ id, label, help, error, mono, required, disabled, readOnly, className }}>
      <Field.Textarea {...textarea} />
    </Chrome>
  );
}
