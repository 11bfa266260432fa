import { fieldAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

/** Shared by text inputs, textareas and the select trigger so every control looks the same. */
export const controlStyles = {
  w: 'full',
  minW: '0',
  px: '3',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.control',
  borderRadius: 'md',
  bg: 'bg.surface',
  color: 'fg.default',
  fontSize: 'sm',
  transitionProperty: 'border-color, box-shadow',
  transitionDuration: 'fast',
  _placeholder: { color: 'fg.subtle' },
  _hover: { borderColor: 'fg.muted' },
  _focusVisible: {
    outline: 'none',
    borderColor: 'accent.focusRing',
    boxShadow: '0 0 0 1px {colors.accent.focusRing}',
  },
  _disabled: { cursor: 'not-allowed', opacity: '0.6', bg: 'bg.subtle' },
  // Only our own invalid marks: the native :invalid would flag an empty required field before anyone typed.
  '&[data-invalid], &[aria-invalid=true]': {
    borderColor: 'danger.text',
    _focusVisible: { borderColor: 'danger.text', boxShadow: '0 0 0 1px {colors.danger.text}' },
  },
} as const;

export const fieldRecipe = defineSlotRecipe({
  className: 'field',
  jsx: ['TextField', 'TextareaField'],
  slots: fieldAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', w: 'full' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', _disabled: { opacity: '0.6' } },
    requiredIndicator: { color: 'danger.text', ms: '0.5' },
    input: { ...controlStyles, h: '10' },
    textarea: { ...controlStyles, py: '2', minH: '20', resize: 'vertical', lineHeight: '1.5' },
    helperText: { fontSize: 'xs', color: 'fg.muted' },
    errorText: {
      display: 'inline-flex',
      alignItems: 'flex-start',
      gap: '1',
      fontSize: 'xs',
      fontWeight: 'medium',
      color: 'danger.text',
      '& svg': { w: '3.5', h: '3.5', mt: '0.5', flexShrink: '0' },
    },
  },
  variants: {
    // For IP addresses, hostnames, keys and DNS values: characters like 0/O and 1/l must be told apart.
    mono: {
      true: { input: { fontFamily: 'mono' }, textarea: { fontFamily: 'mono' } },
      false: {},
    },
  },
  defaultVariants: { mono: false },
  staticCss: ['*'],
});
