import { defineSlotRecipe } from '@pandacss/dev';

export const alertRecipe = defineSlotRecipe({
  className: 'alert',
  jsx: ['Alert'],
  slots: ['root', 'content', 'title'],
  base: {
    root: {
      display: 'flex',
      gap: '2',
      alignItems: 'flex-start',
      padding: '3',
      borderRadius: 'md',
      borderWidth: '1px',
      fontSize: 'sm',
      lineHeight: '1.5',
      color: 'fg.default',
    },
    content: { display: 'grid', gap: '0.5' },
    title: { fontWeight: '600' },
  },
  variants: {
    tone: {
      info: { root: { bg: 'accent.subtle', borderColor: 'accent.brand' } },
      success: { root: { bg: 'success.subtle', borderColor: 'success.text' } },
      error: { root: { bg: 'danger.subtle', borderColor: 'danger.brand' } },
    },
  },
  defaultVariants: { tone: 'info' },
  staticCss: ['*'],
});
