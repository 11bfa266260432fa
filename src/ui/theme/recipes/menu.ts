import { menuAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

const itemStyles = {
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  w: 'full',
  px: '2',
  py: '1.5',
  borderRadius: 'sm',
  fontSize: 'sm',
  color: 'fg.default',
  textDecoration: 'none',
  cursor: 'pointer',
  userSelect: 'none',
  _highlighted: { bg: 'bg.subtle' },
  _disabled: { cursor: 'not-allowed', opacity: '0.5' },
  '& svg': { w: '4', h: '4', flexShrink: '0', color: 'fg.muted' },
} as const;

export const menuRecipe = defineSlotRecipe({
  className: 'menu',
  jsx: ['Menu'],
  slots: menuAnatomy.keys(),
  base: {
    positioner: { zIndex: 'dropdown' },
    content: {
      display: 'flex',
      flexDirection: 'column',
      gap: '0.5',
      minW: '44',
      p: '1',
      bg: 'bg.surface',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.default',
      borderRadius: 'md',
      boxShadow: 'lg',
      _focusVisible: { outline: 'none' },
    },
    item: {
      ...itemStyles,
      '&[data-tone=danger]': { color: 'danger.text', '& svg': { color: 'danger.text' } },
    },
    triggerItem: itemStyles,
    itemGroupLabel: { px: '2', py: '1', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted' },
    separator: { my: '1', borderTopWidth: '1px', borderTopStyle: 'solid', borderColor: 'border.default' },
  },
  staticCss: ['*'],
});
