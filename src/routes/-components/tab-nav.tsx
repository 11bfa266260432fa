// Tabs that are addresses: each tab is a link to a child route, so tabs can be bookmarked and shared.
import { Link } from '@tanstack/react-router';
import { css } from '../../../styled-system/css';

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
  return (
    <nav aria-label={label}>
      <ul className={list}>
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
