// Tabs that are addresses: each tab is a link to a child route, so tabs can be bookmarked and shared.
// On a narrow screen the strip scrolls sideways: a shadow at an edge says more tabs lie that way, and the
// current tab is scrolled into view.
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { tabNav } from 'styled-system/recipes';

export interface TabLink {
  label: string;
  to: string;
  params?: Record<string, string>;
  /** Active only on this exact address (for the default child). */
  exact?: boolean;
}

const classes = tabNav();

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
      <ul ref={strip} className={classes.list}>
        {tabs.map((item) => (
          <li key={item.to}>
            <Link
              // Tab targets are checked where the list is written; this component only lays them out.
              to={item.to as never}
              params={item.params as never}
              activeOptions={{ exact: item.exact ?? false, includeSearch: false }}
              activeProps={{ 'aria-current': 'page' }}
              className={classes.link}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
