import { defineSlotRecipe } from '@pandacss/dev';

export const tableRecipe = defineSlotRecipe({
  className: 'table',
  jsx: ['Table'],
  slots: ['root', 'table', 'caption', 'head', 'body', 'row', 'header', 'cell'],
  base: {
    // The wrapper scrolls sideways so a wide table never widens the page on small screens.
    root: {
      w: 'full',
      overflowX: 'auto',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.default',
      borderRadius: 'lg',
      bg: 'bg.surface',
    },
    table: { w: 'full', borderCollapse: 'collapse', fontSize: 'sm', color: 'fg.default' },
    caption: { px: '4', py: '3', textAlign: 'start', fontWeight: 'semibold', color: 'fg.default' },
    head: { bg: 'bg.subtle' },
    body: {},
    row: {
      borderTopWidth: '1px',
      borderTopStyle: 'solid',
      borderTopColor: 'border.default',
      'tbody &:hover': { bg: 'bg.canvas' },
    },
    header: {
      px: '4',
      py: '2.5',
      textAlign: 'start',
      fontSize: 'xs',
      fontWeight: 'semibold',
      color: 'fg.muted',
      whiteSpace: 'nowrap',
      '&[data-numeric]': { textAlign: 'end' },
    },
    cell: {
      px: '4',
      py: '3',
      verticalAlign: 'middle',
      '&[data-numeric]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
      '&[data-mono]': { fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all' },
    },
  },
  staticCss: ['*'],
});
