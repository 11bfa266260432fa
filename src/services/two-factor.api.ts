// Two-factor sign-in settings (contract: src/contract/two-factor.ts).
import {
  passkeyAddedSchema,
  passkeyOptionsSchema,
  recoveryCodesSchema,
  totpSetupSchema,
  twoFactorStatusSchema,
} from '@/contract/two-factor';
import { json, userClient } from './http';

export const fetchTwoFactorStatus = () =>
  json(twoFactorStatusSchema, () => userClient.get('users/me/two-factor'));

export const startTotpSetup = () => json(totpSetupSchema, () => userClient.post('users/me/two-factor/totp'));

export const confirmTotp = (body: { code: string }) =>
  json(recoveryCodesSchema, () => userClient.post('users/me/two-factor/totp/confirm', { json: body }));

export const disableTwoFactor = (body: { code: string }) =>
  json(twoFactorStatusSchema, () => userClient.post('users/me/two-factor/disable', { json: body }));

export const startPasskey = (body: { name: string }) =>
  json(passkeyOptionsSchema, () => userClient.post('users/me/two-factor/passkeys/options', { json: body }));

export const finishPasskey = (body: { response: unknown }) =>
  json(passkeyAddedSchema, () => userClient.post('users/me/two-factor/passkeys', { json: body }));

export const removePasskey = (id: string) =>
  json(twoFactorStatusSchema, () =>
    userClient.delete(`users/me/two-factor/passkeys/${encodeURIComponent(id)}`),
  );
