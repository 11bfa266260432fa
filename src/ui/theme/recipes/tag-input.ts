import { defineSlotRecipe } from '@pandacss/dev';
import { controlStyles } from './field';

/** Tags typed one by one (src/ui/tag-input.tsx): the added ones as chips above the input. */
export const tagInputRecipe = defineSlotRecipe({
  className: 'tag-input',
  jsx: ['TagInput'],
  slots: ['root', 'label', 'tags', 'tag', 'remove', 'control', 'input', 'add', 'help', 'error'],
  base: {
    root: { display: 'grid', gap: '1.5' },
    label: { fontSize: 'sm', fontWeight: 'medium' },
    tags: { display: 'flex', flexWrap: 'wrap', gap: '1.5' },
    tag: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      paddingX: '2',
      paddingY: '0.5',
      borderRadius: 'full',
      bg: 'accent.subtle',
      color: 'accent.text',
      fontSize: 'xs',
      fontFamily: 'mono',
    },
    remove: { display: 'inline-flex', cursor: 'pointer', '& svg': { width: '3', height: '3' } },
    control: { display: 'flex', gap: '2' },
    input: {
      flex: '1',
      height: '10',
      paddingX: '3',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: controlStyles.borderColor,
      borderRadius: 'md',
      bg: 'bg.surface',
      fontFamily: 'mono',
      '&[aria-invalid=true]': { borderColor: 'danger.text' },
    },
    add: {
      paddingX: '3',
      borderRadius: 'md',
      borderWidth: '1px',
      borderColor: controlStyles.borderColor,
      cursor: 'pointer',
      _disabled: { opacity: '0.6', cursor: 'not-allowed' },
    },
    help: { textStyle: 'hint' },
    error: { fontSize: 'xs', fontWeight: 'medium', color: 'danger.text' },
  },
  staticCss: ['*'],
});
