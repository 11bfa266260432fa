// The console's kinds of text, by what they say rather than how they look. Pages apply them through the
// `Text` component or the `text` recipe; recipes use them as `textStyle`.
import { defineTextStyles } from '@pandacss/dev';

export const textStyles = defineTextStyles({
  /** Secondary text at the size around it: explanations, empty lists, "(you)". */
  muted: { value: { color: 'fg.muted' } },
  /** A line under a title or beside a value, one step smaller. */
  caption: { value: { fontSize: 'sm', color: 'fg.muted' } },
  /** The smallest text: hints under fields, legends, timestamps. */
  hint: { value: { fontSize: 'xs', color: 'fg.muted' } },
  /** A link inside running text or a table. */
  link: { value: { color: 'accent.text', fontWeight: '500' } },
  /** Words that name the thing a row or card is about. */
  strong: { value: { fontWeight: '500' } },
  /** Machine words: addresses, keys, record values. */
  mono: { value: { fontFamily: 'mono' } },
  /** A failure said next to where it happened. */
  danger: { value: { fontSize: 'sm', color: 'danger.text' } },
});
