// The frame of the protected pages that sit outside the section layout (account settings, new compute,
// register domain): a slim header with a way back, and one narrow column.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { hstack } from 'styled-system/patterns';
import { useT } from '@/i18n';
import { textRecipe } from '@/ui/text';
import { Logo } from '../../-components/logo';
import { UserMenu } from './user-menu';

export function FocusedLayout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className={css({ minHeight: '100vh' })}>
      <header
        className={hstack({
          gap: '4',
          paddingX: { base: '4', md: '8' },
          paddingY: '3',
          borderBottomWidth: '1px',
          borderColor: 'border.default',
          bg: 'bg.surface',
        })}
      >
        <Logo />
        <Link to="/overview" className={textRecipe({ variant: 'linkSmall' })}>
          ← {t('shell.backToConsole')}
        </Link>
        <div className={css({ marginLeft: 'auto' })}>
          <UserMenu />
        </div>
      </header>
      <main
        id="main"
        className={css({ maxWidth: '56rem', marginX: 'auto', padding: { base: '4', md: '8' } })}
      >
        {children}
      </main>
    </div>
  );
}
