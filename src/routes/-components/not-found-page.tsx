import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { flex, grid } from 'styled-system/patterns';
import { buttonRecipe } from '@/ui/button';
import { Text } from '@/ui/text';
import { useDocumentTitle } from './page';

/** Shown for any address the console doesn't know (the spec's not-found route key). */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className={css({ display: 'grid', placeItems: 'center', minHeight: '60vh', padding: '6' })}>
      <div className={grid({ gap: '3', textAlign: 'center', maxWidth: '28rem' })}>
        <p className={css({ fontFamily: 'mono', color: 'accent.text', fontSize: 'sm' })}>404</p>
        <Text as="h1" variant="pageTitle">
          Page not found
        </Text>
        <Text variant="muted">
          There is nothing at this address. It may have been mistyped, or the page has moved.
        </Text>
        <div className={flex({ gap: '2', justify: 'center', marginTop: '2' })}>
          <Link to="/overview" className={buttonRecipe({ variant: 'solid' })}>
            Go to the console
          </Link>
          <Link to="/" className={buttonRecipe({ variant: 'outline' })}>
            Home
          </Link>
        </div>
      </div>
    </div>
  );
}
