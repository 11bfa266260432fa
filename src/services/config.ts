// Where the console finds its API: the same origin by default, or VITE_API_HOST at build time. (Outside
// Vite — scripts/machines-docs.ts reads the machines under plain Node — there is no import.meta.env.)
export const apiHost: string =
  (import.meta.env?.VITE_API_HOST as string | undefined)?.replace(/\/$/, '') ?? '';

/** The spec's service base paths (SPEC §7). */
export const basePaths = {
  user: '/user/api/v1',
  resourceManager: '/resource-manager/api/v1',
  payment: '/payment/api/v1',
  socket: '/resource-manager',
} as const;

/** The origin the API lives on, for building absolute URLs such as the socket's. */
export function apiOrigin(): string {
  return apiHost || globalThis.location?.origin || 'http://localhost';
}

/** Where the browser goes to start a social sign-in; the server redirects it to the provider. */
export function socialSignInUrl(provider: 'github' | 'google'): string {
  return `${apiHost}${basePaths.user}/auth/oauth/${provider}/authorize`;
}
