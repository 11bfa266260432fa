import { defineRecipe } from '@pandacss/dev';

export const badgeRecipe = defineRecipe({
  className: 'badge',
  jsx: ['Badge'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    borderWidth: '1px',
    borderStyle: 'solid',
    fontSize: 'xs',
    fontWeight: 'medium',
    lineHeight: '1.4',
    whiteSpace: 'nowrap',
  },
  variants: {
    // Each tone pairs a tinted fill with the tone's text colour, which keeps AA contrast in both themes.
    tone: {
      neutral: { bg: 'bg.subtle', color: 'fg.muted', borderColor: 'border.default' },
      accent: { bg: 'accent.subtle', color: 'accent.text', borderColor: 'transparent' },
      success: { bg: 'success.subtle', color: 'success.text', borderColor: 'transparent' },
      warning: { bg: 'warning.subtle', color: 'warning.text', borderColor: 'transparent' },
      danger: { bg: 'danger.subtle', color: 'danger.text', borderColor: 'transparent' },
    },
  },
  defaultVariants: { tone: 'neutral' },
  staticCss: ['*'],
});
