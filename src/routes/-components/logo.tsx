import { css } from 'styled-system/css';
import { VisuallyHidden } from '@/ui/visually-hidden';

/** The Ikirere mark ("ikirere": the sky) and name. */
export function Logo({ withName = true }: { withName?: boolean }) {
  return (
    <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
      <svg width="24" height="24" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#6b63ff" />
        <path d="M8 20a6 6 0 0 1 5.6-6A7 7 0 0 1 27 16a4 4 0 0 1-1 8H11a3 3 0 0 1-3-4z" fill="#fff" />
      </svg>
      {withName ? (
        <span
          className={css({ fontFamily: 'heading', fontWeight: '600', fontSize: 'lg', color: 'fg.default' })}
        >
          Ikirere
        </span>
      ) : (
        <VisuallyHidden>Ikirere</VisuallyHidden>
      )}
    </span>
  );
}
