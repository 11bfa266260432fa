import { tabsAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const tabsRecipe = defineSlotRecipe({
  className: 'tabs',
  jsx: ['Tabs'],
  slots: tabsAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '4', w: 'full' },
    list: {
      position: 'relative',
      display: 'flex',
      gap: '1',
      overflowX: 'auto',
      borderBottomWidth: '1px',
      borderBottomStyle: 'solid',
      borderBottomColor: 'border.default',
    },
    trigger: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      h: '10',
      px: '3',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'fg.muted',
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      borderRadius: 'md',
      borderBottomRadius: '0',
      _hover: { color: 'fg.default' },
      // An underline drawn inside the tab rather than a measured indicator: nothing to animate or misplace.
      _selected: { color: 'accent.text', boxShadow: 'inset 0 -2px 0 {colors.accent.solid}' },
      _disabled: { cursor: 'not-allowed', opacity: '0.5' },
      _focusVisible: { outlineOffset: '-2px' },
    },
    content: { _focusVisible: { outlineOffset: '4px' } },
  },
  staticCss: ['*'],
});
