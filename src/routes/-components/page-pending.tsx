// What a page shows while its data is still loading after the router's pending delay (the progress bar
// at the top runs meanwhile): placeholders where the content will be, announced once to screen readers.
// It is in every page's first download, so it uses the skeleton recipe's classes (always generated)
// rather than its runtime.
import { grid } from 'styled-system/patterns';
import { t, useT } from '@/i18n';
import { VisuallyHidden } from '@/ui/visually-hidden';

const line = 'skeleton skeleton--shape_text';
const widths = ['40%', '100%', '100%', '100%', '70%'];

export function PagePending() {
  useT();
  return (
    <div role="status" aria-busy="true" className={grid({ gap: '3', padding: '2' })}>
      <VisuallyHidden>{t('shell.loading')}</VisuallyHidden>
      {widths.map((width, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines that never reorder
        <span key={index} aria-hidden className={line} style={{ width }} />
      ))}
    </div>
  );
}
