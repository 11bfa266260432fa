import { defineRecipe } from '@pandacss/dev';

export const buttonRecipe = defineRecipe({
  className: 'button',
  jsx: ['Button', 'CopyButton'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    flexShrink: '0',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'transparent',
    borderRadius: 'md',
    fontFamily: 'body',
    fontWeight: 'medium',
    lineHeight: '1.2',
    // On a phone a long label (a Kinyarwanda sentence, an image's name) wraps rather than widen the page.
    whiteSpace: { base: 'normal', sm: 'nowrap' },
    textAlign: 'center',
    textDecoration: 'none',
    cursor: 'pointer',
    userSelect: 'none',
    transitionProperty: 'background-color, border-color, color, box-shadow',
    transitionDuration: 'fast',
    _disabled: { cursor: 'not-allowed', opacity: '0.6' },
    '&[aria-disabled=true]': { cursor: 'not-allowed', opacity: '0.6' },
    // A loading button keeps its full colour: it is busy, not unavailable.
    '&[aria-busy=true]': { cursor: 'progress', opacity: '1' },
    '& svg': { flexShrink: '0' },
  },
  variants: {
    // Hover uses :not(:disabled) rather than :enabled so links styled as buttons get it too.
    variant: {
      solid: {
        bg: 'accent.solid',
        color: 'accent.onSolid',
        '&:hover:not(:disabled)': { bg: 'accent.solidHover' },
      },
      outline: {
        bg: 'bg.surface',
        color: 'fg.default',
        borderColor: 'border.strong',
        '&:hover:not(:disabled)': { bg: 'bg.subtle' },
      },
      ghost: {
        bg: 'transparent',
        color: 'fg.default',
        '&:hover:not(:disabled)': { bg: 'bg.subtle' },
      },
      danger: {
        bg: 'danger.solid',
        color: 'accent.onSolid',
        '&:hover:not(:disabled)': { bg: 'danger.solidHover' },
      },
    },
    size: {
      sm: { minH: '8', py: '1', px: '3', fontSize: 'xs', '& svg': { w: '3.5', h: '3.5' } },
      md: { minH: '10', py: '1.5', px: '4', fontSize: 'sm', '& svg': { w: '4', h: '4' } },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
  // Every variant is emitted because router links and other files use the recipe function directly.
  staticCss: ['*'],
});
