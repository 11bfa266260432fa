// The user service (SPEC §7): sign-in, profile, teams, members and invitations. Routes come with the
// identity issue; mounting the empty service now reserves its base path (no console fallback there).
import type { Service } from '../http/routes';

export const USER_BASE_PATH = '/user/api/v1';

export function userService(): Service {
  return { name: 'User', basePath: USER_BASE_PATH, resources: [] };
}
