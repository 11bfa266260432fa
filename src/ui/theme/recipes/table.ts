import { defineSlotRecipe } from '@pandacss/dev';

export const tableRecipe = defineSlotRecipe({
  className: 'table',
  jsx: ['Table'],
  slots: ['root', 'table', 'caption', 'head', 'body', 'row', 'header', 'cell', 'detail'],
  base: {
    // On phones (under md) every row is a card of label: value lines, so nothing is off-screen; from md up
    // a real table, whose wrapper scrolls sideways if it must. Width 0 with a minimum of the whole width:
    // the table's own width never widens the page (or the grid it sits in) around it.
    root: {
      w: '0',
      minW: 'full',
      overflowX: 'auto',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.default',
      borderRadius: 'lg',
      bg: 'bg.surface',
    },
    table: {
      display: { base: 'block', md: 'table' },
      w: 'full',
      borderCollapse: 'collapse',
      fontSize: 'sm',
      color: 'fg.default',
    },
    caption: {
      display: { base: 'block', md: 'table-caption' },
      px: '4',
      py: '3',
      textAlign: 'start',
      fontWeight: 'semibold',
      color: 'fg.default',
    },
    head: { display: { base: 'none', md: 'table-header-group' }, bg: 'bg.subtle' },
    body: { display: { base: 'block', md: 'table-row-group' } },
    row: {
      display: { base: 'grid', md: 'table-row' },
      gap: { base: '1', md: '0' },
      px: { base: '4', md: '0' },
      py: { base: '3', md: '0' },
      borderTopWidth: '1px',
      borderTopStyle: 'solid',
      borderTopColor: 'border.default',
      'tbody &:hover': { bg: 'bg.canvas' },
      'tbody &:first-child': { borderTopWidth: { base: '0', md: '1px' } },
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
      display: { base: 'flex', md: 'table-cell' },
      flexWrap: 'wrap',
      alignItems: 'baseline',
      gap: '2',
      minW: '0',
      overflowWrap: 'anywhere',
      px: { base: '0', md: '4' },
      py: { base: '0', md: '3' },
      verticalAlign: 'middle',
      '&[data-numeric]': { textAlign: { base: 'start', md: 'end' }, fontVariantNumeric: 'tabular-nums' },
      '&[data-mono]': { fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all' },
      // The column's name before each value on phones (set from the header by the Table component).
      '&[data-label]::before': {
        content: 'attr(data-label)',
        display: { base: 'block', md: 'none' },
        flex: '0 0 7rem',
        color: 'fg.muted',
        fontFamily: 'body',
        fontSize: 'xs',
        fontWeight: 'semibold',
      },
    },
    // A second line in a cell, under its value: a key's fingerprint, a token's teams.
    detail: { display: 'block', textStyle: 'caption' },
  },
  staticCss: ['*'],
});
