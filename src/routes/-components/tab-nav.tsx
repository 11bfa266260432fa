// Tabs that are addresses: each tab is a link to a child route, so tabs can be bookmarked and shared.
// On a narrow screen the strip scrolls sideways: a shadow at an edge says more tabs lie that way, and the
// current tab is scrolled into view.
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';

export interface TabLink {
  label: string;
  to: string;
  params?: Record<string, string>;
  /** Active only on this exact address (for the default child). */
  exact?: boolean;
}

const list = css({
  display: 'flex',
  gap: '1',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  marginBottom: '6',
  overflowX: 'auto',
  // Scrolling shadows: the covers (local) move with the tabs and hide the shadows (scroll) at an end.
  backgroundImage: [
    'linear-gradient(to right, var(--colors-bg-canvas) 40%, transparent)',
    'linear-gradient(to left, var(--colors-bg-canvas) 40%, transparent)',
    'radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.22), transparent)',
    'radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.22), transparent)',
  ].join(', '),
  backgroundPosition: 'left center, right center, left center, right center',
  backgroundRepeat: 'no-repeat',
  backgroundSize: '2.5rem 100%, 2.5rem 100%, 1rem 100%, 1rem 100%',
  backgroundAttachment: 'local, local, scroll, scroll',
});

const tab = css({
  display: 'inline-block',
  paddingX: '3',
  paddingY: '2',
  marginBottom: '-1px',
  borderBottomWidth: '2px',
  borderColor: 'transparent',
  color: 'fg.muted',
  fontWeight: '500',
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  _hover: { color: 'fg.default' },
  '&[aria-current=page]': { color: 'accent.text', borderColor: 'accent.brand' },
});

export function TabNav({ label, tabs }: { label: string; tabs: TabLink[] }) {
  const strip = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current tab changes with the address
  useEffect(() => {
    const list = strip.current;
    const current = list?.querySelector<HTMLElement>('[aria-current=page]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    const left = current.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + current.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = left - (list.clientWidth - current.offsetWidth) / 2;
    }
  }, [pathname]);
  return (
    <nav aria-label={label}>
      <ul ref={strip} className={list}>
        {tabs.map((item) => (
          <li key={item.to}>
            <Link
              // Tab targets are checked where the list is written; this component only lays them out.
              to={item.to as never}
              params={item.params as never}
              activeOptions={{ exact: item.exact ?? false, includeSearch: false }}
              activeProps={{ 'aria-current': 'page' }}
              className={tab}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
