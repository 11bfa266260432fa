import { progressAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const progressRecipe = defineSlotRecipe({
  className: 'progress',
  jsx: ['Progress'],
  slots: progressAnatomy.keys(),
  base: {
    root: {
      display: 'grid',
      gridTemplateColumns: '1fr auto',
      alignItems: 'center',
      columnGap: '3',
      rowGap: '1.5',
      w: 'full',
    },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' },
    valueText: { fontSize: 'xs', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' },
    track: {
      gridColumn: '1 / -1',
      h: '2',
      overflow: 'hidden',
      borderRadius: 'full',
      bg: 'bg.muted',
    },
    range: {
      h: 'full',
      borderRadius: 'full',
      transition: 'width 200ms ease',
      _motionReduce: { transition: 'none' },
      '&[data-state=indeterminate]': {
        w: '40%',
        animation: 'pulse 1.4s ease-in-out infinite',
        _motionReduce: { animation: 'none' },
      },
    },
  },
  variants: {
    tone: {
      accent: { range: { bg: 'accent.solid' } },
      danger: { range: { bg: 'danger.solid' } },
      success: { range: { bg: 'success.text' } },
    },
  },
  defaultVariants: { tone: 'accent' },
  staticCss: ['*'],
});
