import { segmentGroupAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const segmentGroupRecipe = defineSlotRecipe({
  className: 'segment-group',
  jsx: ['ThemeSwitcher'],
  slots: segmentGroupAnatomy.keys(),
  base: {
    root: {
      display: 'inline-flex',
      // Longer words (Kinyarwanda's) go on a second line rather than widen a phone's page.
      flexWrap: 'wrap',
      w: 'fit-content',
      maxW: 'full',
      alignItems: 'center',
      gap: '0.5',
      p: '0.5',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.default',
      borderRadius: 'md',
      bg: 'bg.subtle',
    },
    label: { fontSize: 'sm', fontWeight: 'medium', me: '2', ps: '1' },
    item: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1.5',
      h: '8',
      px: '3',
      borderRadius: 'sm',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'fg.muted',
      cursor: 'pointer',
      _hover: { color: 'fg.default' },
      _checked: { bg: 'accent.solid', color: 'accent.onSolid', _hover: { color: 'accent.onSolid' } },
      // The radio input is visually hidden, so its focus ring is drawn on the visible item.
      '&[data-focus-visible]': {
        outline: '2px solid',
        outlineColor: 'accent.focusRing',
        outlineOffset: '1px',
      },
      '& svg': { w: '4', h: '4' },
    },
    itemText: {},
    itemControl: {},
  },
  staticCss: ['*'],
});
