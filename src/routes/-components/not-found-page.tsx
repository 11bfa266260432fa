import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { flex, grid } from 'styled-system/patterns';
import { useT } from '@/i18n';
import { buttonRecipe } from '@/ui/button';
import { Text } from '@/ui/text';
import { useDocumentTitle } from './page';

/** Shown for any address the console doesn't know (the spec's not-found route key). */
export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('shell.notFound.title'));
  return (
    <div className={css({ display: 'grid', placeItems: 'center', minHeight: '60vh', padding: '6' })}>
      <div className={grid({ gap: '3', textAlign: 'center', maxWidth: '28rem' })}>
        <p className={css({ fontFamily: 'mono', color: 'accent.text', fontSize: 'sm' })}>404</p>
        <Text as="h1" variant="pageTitle">
          {t('shell.notFound.title')}
        </Text>
        <Text variant="muted">{t('shell.notFound.text')}</Text>
        <div className={flex({ gap: '2', justify: 'center', marginTop: '2' })}>
          <Link to="/overview" className={buttonRecipe({ variant: 'solid' })}>
            {t('shell.notFound.console')}
          </Link>
          <Link to="/" className={buttonRecipe({ variant: 'outline' })}>
            {t('shell.notFound.home')}
          </Link>
        </div>
      </div>
    </div>
  );
}
