// The console's kinds of text, by what they say rather than how they look. Pages apply them through the
// `Text` component or the `text` recipe; recipes use them as `textStyle`.
import { defineTextStyles } from '@pandacss/dev';

// Headings keep the line height their element has (1.25 for h1–h4, the body's for the rest).
const heading = { fontFamily: 'heading', fontWeight: '600' } as const;

export const textStyles = defineTextStyles({
  /** The h1 of a console page. */
  pageTitle: { value: { ...heading, fontSize: '2xl' } },
  /** The h1 of a page that is one form: signing in, verifying a code. */
  formTitle: { value: { ...heading, fontSize: 'xl' } },
  /** A part of a page: a tab's heading, a dialog-like block. */
  sectionTitle: { value: { ...heading, fontSize: 'lg' } },
  /** A card or settings block. */
  cardTitle: { value: { ...heading, fontSize: 'md' } },
  /** A panel's heading, at the size of the text around it. */
  panelTitle: { value: heading },
  /** A figure that is the point of its panel: a balance, a month's spend. */
  figure: { value: { ...heading, fontSize: '2xl' } },
  /** A figure among others. */
  figureSmall: { value: { ...heading, fontSize: 'xl' } },
  /** A heading inside a dialog or a list, at the body's size. */
  smallTitle: { value: { fontSize: 'sm', fontWeight: '600' } },
  /** Secondary text at the size around it: explanations, empty lists, "(you)". */
  muted: { value: { color: 'fg.muted' } },
  /** A line under a title or beside a value, one step smaller. */
  caption: { value: { fontSize: 'sm', color: 'fg.muted' } },
  /** The smallest text: hints under fields, legends, timestamps. */
  hint: { value: { fontSize: 'xs', color: 'fg.muted' } },
  /** A link inside running text or a table. */
  link: { value: { color: 'accent.text', fontWeight: '500' } },
  /** A quiet link beside a heading or under a form: "All activity", "Back to sign in". */
  linkSmall: { value: { color: 'accent.text', fontSize: 'sm' } },
  /** Words that name the thing a row or card is about. */
  strong: { value: { fontWeight: '500' } },
  /** A total, a chart's name: the one thing in a list that must stand out. */
  bold: { value: { fontWeight: '600' } },
  /** Text one step under the page's, where the block around it is larger. */
  small: { value: { fontSize: 'sm' } },
  /** Machine words: addresses, keys, record values. */
  mono: { value: { fontFamily: 'mono' } },
  /** A failure said next to where it happened. */
  danger: { value: { fontSize: 'sm', color: 'danger.text' } },
});
