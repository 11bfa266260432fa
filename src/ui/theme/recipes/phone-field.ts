import { comboboxAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { controlStyles } from './field';
import { selectRecipe } from './select';

/**
 * The phone field's own parts: the country picker (an Ark Combobox) and the layout around it. Its label,
 * number input, help and error take the `field` recipe's classes, and the list looks like the select's,
 * so the field sits among the other form fields without a style of its own.
 */
export const phoneFieldRecipe = defineSlotRecipe({
  className: 'phone-field',
  jsx: ['PhoneField'],
  slots: [
    ...comboboxAnatomy.keys(),
    'row',
    'column',
    'flag',
    'itemFlag',
    'itemDialCode',
    'number',
    'preview',
  ],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', w: 'full' },
    // Side by side where the form is wide enough for both, stacked in a narrow card or on a phone.
    row: {
      display: 'grid',
      gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
      gap: '3',
      alignItems: 'end',
    },
    column: { display: 'flex', flexDirection: 'column', gap: '1.5', minW: '0' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', _disabled: { opacity: '0.6' } },
    control: {
      ...controlStyles,
      h: '10',
      px: '2.5',
      display: 'flex',
      alignItems: 'center',
      gap: '2',
      cursor: 'text',
      _focusWithin: {
        borderColor: 'accent.focusRing',
        boxShadow: '0 0 0 1px {colors.accent.focusRing}',
      },
    },
    flag: {
      w: '5',
      h: '3.5',
      flexShrink: '0',
      objectFit: 'cover',
      borderRadius: '2px',
      // Keeps white flags (Japan, the unknown flag) visible on a white control.
      boxShadow: '0 0 0 1px {colors.border.default}',
    },
    input: {
      flex: '1',
      minW: '0',
      h: 'full',
      bg: 'transparent',
      border: 'none',
      outline: 'none',
      color: 'fg.default',
      fontSize: 'sm',
      textOverflow: 'ellipsis',
      _disabled: { cursor: 'not-allowed' },
    },
    trigger: {
      display: 'inline-flex',
      flexShrink: '0',
      p: '0.5',
      color: 'fg.muted',
      bg: 'transparent',
      border: 'none',
      borderRadius: 'sm',
      cursor: 'pointer',
      transition: 'transform',
      transitionDuration: 'fast',
      _open: { transform: 'rotate(180deg)' },
      _disabled: { cursor: 'not-allowed' },
      '& svg': { w: '4', h: '4' },
    },
    positioner: { zIndex: 'dropdown' },
    content: { ...selectRecipe.base?.content, minW: '18rem', maxH: '80' },
    itemGroup: { display: 'flex', flexDirection: 'column', gap: '0.5' },
    itemGroupLabel: {
      px: '2',
      pt: '2',
      pb: '1',
      fontSize: 'xs',
      fontWeight: 'semibold',
      color: 'fg.muted',
    },
    item: { ...selectRecipe.base?.item, justifyContent: 'flex-start' },
    itemFlag: {
      w: '5',
      h: '3.5',
      flexShrink: '0',
      objectFit: 'cover',
      borderRadius: '2px',
      boxShadow: '0 0 0 1px {colors.border.default}',
    },
    itemText: { flex: '1', minW: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    itemDialCode: { color: 'fg.muted', fontSize: 'xs', fontVariantNumeric: 'tabular-nums' },
    itemIndicator: { display: 'inline-flex', color: 'accent.text', '& svg': { w: '4', h: '4' } },
    empty: { px: '2', py: '1.5', fontSize: 'sm', color: 'fg.muted' },
    number: { fontVariantNumeric: 'tabular-nums' },
    preview: {
      fontSize: 'xs',
      color: 'fg.muted',
      '& strong': { fontFamily: 'mono', fontWeight: 'medium', color: 'fg.default', whiteSpace: 'nowrap' },
    },
  },
  staticCss: ['*'],
});
