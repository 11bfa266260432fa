// What a page shows while its data is still loading after the router's pending delay (the progress bar
// at the top runs meanwhile): placeholders where the content will be, announced once to screen readers.
import { css } from '../../../styled-system/css';
import { SkeletonText } from '../../ui/skeleton';

export function PagePending() {
  return (
    <div role="status" aria-busy="true" className={css({ display: 'grid', gap: '4', padding: '2' })}>
      <span className={css({ srOnly: true })}>Loading…</span>
      <SkeletonText lines={2} className={css({ maxWidth: '24rem' })} />
      <SkeletonText lines={6} />
    </div>
  );
}
