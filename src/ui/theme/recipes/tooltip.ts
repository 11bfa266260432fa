import { tooltipAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const tooltipRecipe = defineSlotRecipe({
  className: 'tooltip',
  jsx: ['Tooltip'],
  slots: tooltipAnatomy.keys(),
  base: {
    positioner: { zIndex: 'tooltip' },
    content: {
      maxW: '72',
      px: '2.5',
      py: '1.5',
      borderRadius: 'md',
      // Inverted against the page so the bubble stands out in both themes.
      bg: 'fg.default',
      color: 'fg.inverted',
      fontSize: 'xs',
      fontWeight: 'medium',
      lineHeight: '1.4',
      boxShadow: 'md',
      transition: 'opacity 120ms ease-out',
      _starting: { opacity: '0' },
      _motionReduce: { transition: 'none' },
    },
    arrow: { '--arrow-size': '8px', '--arrow-background': 'colors.fg.default' },
  },
  staticCss: ['*'],
});
