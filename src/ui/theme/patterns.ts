// Layouts the console repeats, as Panda patterns (used like the built-in `grid` or `wrap`).
import { definePattern } from '@pandacss/dev';

/** A bordered surface that holds one thing of a page: a settings block, a balance, a chart, a form card. */
export const panel = definePattern({
  description: 'A bordered surface on the canvas, its children in a grid',
  properties: {
    gap: { type: 'property', value: 'gap' },
    padding: { type: 'property', value: 'padding' },
  },
  defaultValues: { gap: '3', padding: '4' },
  transform(props) {
    const { gap, padding, ...rest } = props;
    return {
      display: 'grid',
      gap,
      padding,
      bg: 'bg.surface',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderRadius: 'lg',
      ...rest,
    };
  },
});

export const patterns = { panel };
