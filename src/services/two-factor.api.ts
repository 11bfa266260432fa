// Two-factor sign-in settings (contract: src/contract/two-factor.ts).
import { recoveryCodesSchema, totpSetupSchema, twoFactorStatusSchema } from '../contract/two-factor';
import { json, userClient } from './http';

export const fetchTwoFactorStatus = () =>
  json(twoFactorStatusSchema, () => userClient.get('users/me/two-factor'));

export const startTotpSetup = () => json(totpSetupSchema, () => userClient.post('users/me/two-factor/totp'));

export const confirmTotp = (body: { code: string }) =>
  json(recoveryCodesSchema, () => userClient.post('users/me/two-factor/totp/confirm', { json: body }));

export const disableTwoFactor = (body: { code: string }) =>
  json(twoFactorStatusSchema, () => userClient.post('users/me/two-factor/disable', { json: body }));
