import { defineRecipe } from '@pandacss/dev';

export const spinnerRecipe = defineRecipe({
  className: 'spinner',
  jsx: ['Spinner'],
  base: {
    display: 'inline-block',
    flexShrink: '0',
    borderRadius: 'full',
    borderWidth: '2px',
    borderStyle: 'solid',
    borderColor: 'currentColor',
    borderRightColor: 'transparent',
    animation: 'spin 0.7s linear infinite',
    // Still shows it is busy, with a slow turn instead of a fast spin.
    _motionReduce: { animationDuration: '2.4s' },
  },
  variants: {
    size: {
      sm: { w: '3.5', h: '3.5' },
      md: { w: '4', h: '4' },
      lg: { w: '6', h: '6' },
    },
  },
  defaultVariants: { size: 'md' },
  staticCss: ['*'],
});
