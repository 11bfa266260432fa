import { defineSlotRecipe } from '@pandacss/dev';

export const emptyStateRecipe = defineSlotRecipe({
  className: 'empty-state',
  jsx: ['EmptyState'],
  slots: ['root', 'icon', 'title', 'description', 'action'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      gap: '2',
      px: '6',
      py: '12',
      textAlign: 'center',
      borderWidth: '1px',
      borderStyle: 'dashed',
      borderColor: 'border.default',
      borderRadius: 'lg',
    },
    icon: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      w: '12',
      h: '12',
      mb: '2',
      borderRadius: 'full',
      bg: 'accent.subtle',
      color: 'accent.text',
      '& svg': { w: '6', h: '6' },
    },
    title: { fontFamily: 'heading', fontSize: 'lg', fontWeight: 'semibold', color: 'fg.default' },
    description: { maxW: 'md', fontSize: 'sm', color: 'fg.muted' },
    action: { mt: '3', display: 'flex', gap: '2', flexWrap: 'wrap', justifyContent: 'center' },
  },
  staticCss: ['*'],
});
