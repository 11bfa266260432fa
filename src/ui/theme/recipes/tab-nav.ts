import { defineSlotRecipe } from '@pandacss/dev';

/**
 * Tabs that are links to child routes (src/routes/-components/tab-nav.tsx), as opposed to the `tabs`
 * recipe's Ark tabs that switch panels in place.
 */
export const tabNavRecipe = defineSlotRecipe({
  className: 'tab-nav',
  slots: ['list', 'link'],
  base: {
    list: {
      display: 'flex',
      gap: '1',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
      marginBottom: '6',
      overflowX: 'auto',
      // Scrolling shadows: the covers (local) move with the tabs and hide the shadows (scroll) at an end.
      backgroundImage: [
        'linear-gradient(to right, var(--colors-bg-canvas) 40%, transparent)',
        'linear-gradient(to left, var(--colors-bg-canvas) 40%, transparent)',
        'radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.22), transparent)',
        'radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.22), transparent)',
      ].join(', '),
      backgroundPosition: 'left center, right center, left center, right center',
      backgroundRepeat: 'no-repeat',
      backgroundSize: '2.5rem 100%, 2.5rem 100%, 1rem 100%, 1rem 100%',
      backgroundAttachment: 'local, local, scroll, scroll',
    },
    link: {
      display: 'inline-block',
      paddingX: '3',
      paddingY: '2',
      marginBottom: '-1px',
      borderBottomWidth: '2px',
      borderColor: 'transparent',
      color: 'fg.muted',
      fontWeight: '500',
      whiteSpace: 'nowrap',
      textDecoration: 'none',
      _hover: { color: 'fg.default' },
      '&[aria-current=page]': { color: 'accent.text', borderColor: 'accent.brand' },
    },
  },
  staticCss: ['*'],
});
