import { defineRecipe } from '@pandacss/dev';

export const skeletonRecipe = defineRecipe({
  className: 'skeleton',
  jsx: ['Skeleton'],
  base: {
    display: 'block',
    bg: 'bg.muted',
    borderRadius: 'sm',
    animation: 'pulse 1.6s ease-in-out infinite',
    _motionReduce: { animation: 'none' },
  },
  variants: {
    shape: {
      text: { h: '3.5', w: 'full' },
      block: { h: '24', w: 'full', borderRadius: 'md' },
      circle: { w: '8', h: '8', borderRadius: 'full' },
    },
  },
  defaultVariants: { shape: 'text' },
  staticCss: ['*'],
});
