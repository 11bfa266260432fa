import { defineSlotRecipe } from '@pandacss/dev';

/**
 * A long list as a table with fixed rows (the computes list, a zone's records): rows keep one height for
 * the virtualizer, and on phones the columns that give way (`wide`) hide while a line under the first
 * cell (`under`) says what they said.
 */
export const virtualTableRecipe = defineSlotRecipe({
  className: 'virtual-table',
  slots: ['root', 'caption', 'head', 'row', 'cell', 'wide', 'under', 'line', 'title'],
  base: {
    root: {
      width: '100%',
      tableLayout: 'fixed',
      borderCollapse: 'collapse',
      bg: 'bg.surface',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderRadius: 'lg',
    },
    caption: { srOnly: true },
    head: {
      paddingX: '3',
      paddingY: '2',
      textAlign: 'left',
      fontSize: 'xs',
      fontWeight: '600',
      color: 'fg.muted',
      bg: 'bg.subtle',
    },
    row: { borderTopWidth: '1px', borderColor: 'border.default', _hover: { bg: 'bg.subtle' } },
    cell: {
      paddingX: '3',
      paddingY: '2',
      textAlign: 'left',
      verticalAlign: 'middle',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    },
    wide: { display: { base: 'none', md: 'table-cell' } },
    under: {
      display: { base: 'block', md: 'none' },
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      textStyle: 'hint',
    },
    line: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' },
    /** The link that names the row's thing. */
    title: { textStyle: 'link', fontFamily: 'mono' },
  },
  variants: {
    layout: {
      fixed: {},
      // Phones lay the table out by content: columns of width 1% take what they need, one of width 100%
      // (with max-width 0) the rest.
      content: { root: { tableLayout: { base: 'auto', md: 'fixed' }, fontSize: 'sm' } },
    },
  },
  defaultVariants: { layout: 'fixed' },
  staticCss: ['*'],
});
