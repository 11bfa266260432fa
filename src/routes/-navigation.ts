// The spec's named route keys (SPEC §2) and where each one leads.
export const routeKeys = {
  overview: '/overview',
  computes: '/computes',
  domains: '/domains',
  images: '/images',
  volumes: '/volumes',
  firewalls: '/firewalls',
  settings: '/settings',
  'account-settings': '/account-settings',
  'new-compute': '/new-compute',
  'register-domain': '/register-domain',
  /** The not-found page has no address of its own: any unknown address shows it. */
  'not-found': '/not-found',
} as const;

/** The sidebar of the section layout, in order. */
export const sectionNavigation = [
  { key: 'overview', label: 'Overview', to: routeKeys.overview },
  { key: 'computes', label: 'Computes', to: routeKeys.computes },
  { key: 'images', label: 'Images', to: routeKeys.images },
  { key: 'volumes', label: 'Volumes', to: routeKeys.volumes },
  { key: 'firewalls', label: 'Firewalls', to: routeKeys.firewalls },
  { key: 'domains', label: 'Domains', to: routeKeys.domains },
  { key: 'settings', label: 'Settings', to: routeKeys.settings },
] as const;
