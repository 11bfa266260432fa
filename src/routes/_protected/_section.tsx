import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { flex, grid, hstack } from 'styled-system/patterns';
import { useT } from '@/i18n';
import { liveConnection } from '@/live-connection';
import { buttonRecipe } from '@/ui/button';
import { ConnectionIndicator } from '../-components/connection-indicator';
import { Logo } from '../-components/logo';
import { sectionNavigation } from '../-navigation';
import { TeamSwitcher } from './-components/team-switcher';
import { UserMenu } from './-components/user-menu';

// The section layout (SPEC §2): sidebar with the named route keys, header with the team switcher,
// the connection indicator and the user menu, around the console's section pages.
export const Route = createFileRoute('/_protected/_section')({
  component: SectionLayout,
});

const shell = css({
  minHeight: '100vh',
  display: 'grid',
  // minmax(0, …): no content may widen the column past the screen (a long header wraps instead).
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: '15rem minmax(0, 1fr)' },
  gridTemplateRows: { base: 'auto auto 1fr', md: 'auto 1fr' },
  gridTemplateAreas: { base: '"header" "sidebar" "main"', md: '"sidebar header" "sidebar main"' },
});

const navLink = hstack({
  gap: '2',
  paddingX: '3',
  paddingY: '2',
  borderRadius: 'md',
  color: 'fg.muted',
  fontWeight: '500',
  textDecoration: 'none',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  '&[aria-current=page]': { bg: 'accent.subtle', color: 'accent.text' },
});

const skipLink = css({
  position: 'absolute',
  left: '2',
  top: '2',
  zIndex: 'skipLink',
  transform: 'translateY(-200%)',
  bg: 'bg.surface',
  padding: '2',
  borderRadius: 'md',
  _focus: { transform: 'none' },
});

function SectionLayout() {
  const t = useT();
  return (
    <div className={shell}>
      <a href="#main" className={skipLink}>
        {t('shell.skipToContent')}
      </a>
      <aside
        className={grid({
          gap: '6',
          gridArea: 'sidebar',
          // One column no wider than the sidebar: on a phone the links scroll sideways in their own strip
          // rather than widen the page.
          gridTemplateColumns: 'minmax(0, 1fr)',
          borderRightWidth: { base: '0', md: '1px' },
          borderBottomWidth: { base: '1px', md: '0' },
          borderColor: 'border.default',
          bg: 'bg.surface',
          padding: '4',
          alignContent: 'start',
        })}
      >
        <Link
          to="/overview"
          aria-label={t('nav.home')}
          className={css({ display: { base: 'none', md: 'block' } })}
        >
          <Logo />
        </Link>
        <nav aria-label={t('nav.label')}>
          <ul className={flex({ direction: { base: 'row', md: 'column' }, gap: '1', overflowX: 'auto' })}>
            {sectionNavigation.map((item) => (
              <li key={item.key}>
                <Link to={item.to} activeProps={{ 'aria-current': 'page' }} className={navLink}>
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <header
        className={hstack({
          gap: '3',
          flexWrap: 'wrap',
          gridArea: 'header',
          paddingX: { base: '4', md: '8' },
          paddingY: '3',
          borderBottomWidth: '1px',
          borderColor: 'border.default',
          bg: 'bg.surface',
        })}
      >
        <TeamSwitcher />
        <div
          className={hstack({ gap: '3', marginLeft: 'auto', flexWrap: 'wrap', justifyContent: 'flex-end' })}
        >
          <ConnectionIndicator actor={liveConnection()} />
          <Link to="/new-compute" className={buttonRecipe({ variant: 'solid', size: 'sm' })}>
            {t('nav.newCompute')}
          </Link>
          <UserMenu />
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={css({ gridArea: 'main', padding: { base: '4', md: '8' }, minWidth: '0' })}
      >
        <Outlet />
      </main>
    </div>
  );
}
