// Form field parts: the label, help and error texts are wired to the control by id, and the control says
// when it is invalid. Plain elements rather than Ark's Field: the sign-in page has a tight byte budget
// and this is all the wiring it needs.
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { cx } from 'styled-system/css';
import { field } from 'styled-system/recipes';
import { AlertIcon } from './icons';
import { createStyleContext, useSlotClass } from './style-context';

const { StyleContext } = createStyleContext(field);

interface FieldState {
  controlId: string;
  helperId: string;
  errorId: string;
  invalid: boolean;
  required: boolean;
  disabled: boolean;
  readOnly: boolean;
  hasHelper: boolean;
  hasError: boolean;
  setHasHelper: (present: boolean) => void;
  setHasError: (present: boolean) => void;
}

const FieldContext = createContext<FieldState | null>(null);

function useField(): FieldState {
  const state = useContext(FieldContext);
  if (!state) throw new Error('Field parts belong inside Field.Root');
  return state;
}

/** The data attributes the recipe styles by, on every part. */
function stateAttributes(state: FieldState) {
  return {
    'data-invalid': state.invalid ? '' : undefined,
    'data-disabled': state.disabled ? '' : undefined,
    'data-required': state.required ? '' : undefined,
    'data-readonly': state.readOnly ? '' : undefined,
  };
}

export interface RootProps extends Omit<ComponentProps<'div'>, 'children'> {
  invalid?: boolean | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  readOnly?: boolean | undefined;
  mono?: boolean | undefined;
  children?: ReactNode;
}

/** Props: `invalid`, `required`, `disabled`, `readOnly`, `id` (of the control), and `mono` for code-like values. */
export function Root({
  invalid = false,
  required = false,
  disabled = false,
  readOnly = false,
  mono,
  id,
  className,
  children,
  ...props
}: RootProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const [hasHelper, setHasHelper] = useState(false);
  const [hasError, setHasError] = useState(false);
  const state = useMemo<FieldState>(
    () => ({
      controlId,
      helperId: `${controlId}-help`,
      errorId: `${controlId}-error`,
      invalid,
      required,
      disabled,
      readOnly,
      hasHelper,
      hasError,
      setHasHelper,
      setHasError,
    }),
    [controlId, invalid, required, disabled, readOnly, hasHelper, hasError],
  );
  const classes = field({ mono: mono ?? false });
  return (
    <StyleContext.Provider value={classes}>
      <FieldContext.Provider value={state}>
        <div {...props} {...stateAttributes(state)} className={cx(classes.root, className)}>
          {children}
        </div>
      </FieldContext.Provider>
    </StyleContext.Provider>
  );
}

export function Label({ className, children, ...props }: ComponentProps<'label'>) {
  const state = useField();
  const slot = useSlotClass(StyleContext, 'label');
  return (
    <label {...props} {...stateAttributes(state)} htmlFor={state.controlId} className={cx(slot, className)}>
      {children}
    </label>
  );
}

/** Decorative: the control itself says it is required. */
export function RequiredIndicator({ className, ...props }: ComponentProps<'span'>) {
  const state = useField();
  const slot = useSlotClass(StyleContext, 'requiredIndicator');
  if (!state.required) return null;
  return <span aria-hidden="true" {...props} className={cx(slot, className)} />;
}

function useControlProps(own: string | undefined) {
  const state = useField();
  // The error and the help are both read when the control is focused (aria-describedby is what screen
  // readers honour; aria-errormessage is not read by several of them).
  const describedBy = [state.hasHelper ? state.helperId : null, state.hasError ? state.errorId : null, own]
    .filter(Boolean)
    .join(' ');
  return {
    id: state.controlId,
    'aria-invalid': state.invalid || undefined,
    'aria-describedby': describedBy || undefined,
    required: state.required || undefined,
    disabled: state.disabled || undefined,
    readOnly: state.readOnly || undefined,
    ...stateAttributes(state),
  };
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  const control = useControlProps(props['aria-describedby']);
  return <input {...props} {...control} className={cx(useSlotClass(StyleContext, 'input'), className)} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  const control = useControlProps(props['aria-describedby']);
  return (
    <textarea {...props} {...control} className={cx(useSlotClass(StyleContext, 'textarea'), className)} />
  );
}

/** Tells the root a text is on screen, so the control is described by it (and only then). */
function usePresence(set: (present: boolean) => void, present = true) {
  useLayoutEffect(() => {
    if (!present) return;
    set(true);
    return () => set(false);
  }, [set, present]);
}

export function HelperText({ className, ...props }: ComponentProps<'span'>) {
  const state = useField();
  usePresence(state.setHasHelper);
  return (
    <span
      {...props}
      id={state.helperId}
      className={cx(useSlotClass(StyleContext, 'helperText'), className)}
    />
  );
}

/** Renders only while the field is invalid, so an error never lingers after it is fixed. */
export function ErrorText({ className, children, ...props }: ComponentProps<'span'>) {
  const state = useField();
  const slot = useSlotClass(StyleContext, 'errorText');
  usePresence(state.setHasError, state.invalid);
  if (!state.invalid) return null;
  return (
    <span {...props} id={state.errorId} className={cx(slot, className)}>
      <AlertIcon />
      <span>{children}</span>
    </span>
  );
}
