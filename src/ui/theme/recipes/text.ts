import { defineRecipe } from '@pandacss/dev';
import { textStyles } from '../text-styles';

type TextStyleName = keyof typeof textStyles;

/** One variant per text style, so pages name a kind of text instead of repeating its properties. */
export const textRecipe = defineRecipe({
  className: 'text',
  jsx: ['Text'],
  base: {},
  variants: {
    variant: Object.fromEntries(
      (Object.keys(textStyles) as TextStyleName[]).map((name) => [name, { textStyle: name }]),
    ) as Record<TextStyleName, { textStyle: TextStyleName }>,
  },
  staticCss: ['*'],
});
