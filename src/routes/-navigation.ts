// The spec's named route keys (SPEC §2) and where each one leads.
import type { MessageId } from '@/i18n';

export const routeKeys = {
  overview: '/overview',
  computes: '/computes',
  domains: '/domains',
  images: '/images',
  volumes: '/volumes',
  firewalls: '/firewalls',
  networks: '/networks',
  settings: '/settings',
  'account-settings': '/account-settings',
  'new-compute': '/new-compute',
  'register-domain': '/register-domain',
  /** The not-found page has no address of its own: any unknown address shows it. */
  'not-found': '/not-found',
} as const;

/** The sidebar of the section layout, in order. */
export const sectionNavigation = [
  { key: 'overview', label: 'nav.overview', to: routeKeys.overview },
  { key: 'computes', label: 'nav.computes', to: routeKeys.computes },
  { key: 'images', label: 'nav.images', to: routeKeys.images },
  { key: 'volumes', label: 'nav.volumes', to: routeKeys.volumes },
  { key: 'firewalls', label: 'nav.firewalls', to: routeKeys.firewalls },
  { key: 'networks', label: 'nav.networks', to: routeKeys.networks },
  { key: 'domains', label: 'nav.domains', to: routeKeys.domains },
  { key: 'settings', label: 'nav.settings', to: routeKeys.settings },
] as const satisfies ReadonlyArray<{ key: string; label: MessageId; to: string }>;
