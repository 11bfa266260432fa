// The user service (SPEC §7): sign-in and sign-up, sessions, the signed-in person's account, and teams
// with their members, invitations, verification, limits and audit log.

import { savedSshKeysRoutes } from '../computes/ssh-keys.routes';
import type { Service } from '../http/routes';
import { type TeamsDeps, teamsResources } from '../teams';
import { accountRoutes } from './account/account.routes';
import { apiTokensRoutes } from './account/api-tokens.routes';
import { secondFactorRoutes, twoFactorSettingsRoutes } from './account/two-factor.routes';
import { emailCodeRoutes } from './auth/email-code.routes';
import { oauthRoutes } from './auth/oauth.routes';
import { phoneCodeRoutes } from './auth/phone-code.routes';
import { sessionsRoutes } from './auth/sessions.routes';
import { signInMethodsRoutes } from './auth/sign-in-methods.routes';
import { deliveryReportRoutes } from './auth/sms-delivery-reports.routes';
import { USER_BASE_PATH } from './base-path';

export function userService(deps: TeamsDeps): Service {
  return {
    name: 'User',
    basePath: USER_BASE_PATH,
    resources: [
      signInMethodsRoutes(),
      emailCodeRoutes(),
      phoneCodeRoutes(),
      sessionsRoutes(),
      oauthRoutes(),
      accountRoutes(),
      apiTokensRoutes(),
      twoFactorSettingsRoutes(),
      secondFactorRoutes(),
      savedSshKeysRoutes(),
      // Kannel's delivery reports for the texts that carry codes (no session: a per-text token).
      deliveryReportRoutes(),
      ...teamsResources(deps),
    ],
  };
}
