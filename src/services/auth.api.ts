// The user service's sign-in, sign-up, phone verification and session calls (contract: src/contract/auth.ts).

import {
  authResultSchema,
  codeChallengeSchema,
  codeDeliverySchema,
  currentSessionSchema,
  revokedCountSchema,
  sessionListSchema,
  userSchema,
} from '@/contract/auth';
import { socketTicketSchema } from '@/contract/socket-ticket';
import { passkeyOptionsSchema, signInAnswerSchema } from '@/contract/two-factor';
import type { Locale } from '@/i18n/locales';
import { call, json, resourceManagerClient, userClient } from './http';

export const signUp = (body: { name: string; email: string }) =>
  json(codeChallengeSchema, () => userClient.post('auth/signup', { json: body }));

export const requestEmailCode = (body: { email: string }) =>
  json(codeChallengeSchema, () => userClient.post('auth/email-code', { json: body }));

export const verifyEmailCode = (body: { challengeId: string; code: string }) =>
  json(signInAnswerSchema, () => userClient.post('auth/email-code/verify', { json: body }));

export const verifySecondFactor = (body: { challengeId: string; code: string }) =>
  json(authResultSchema, () => userClient.post('auth/two-factor/verify', { json: body }));

export const passkeySignInOptions = (body: { challengeId: string }) =>
  json(passkeyOptionsSchema, () => userClient.post('auth/two-factor/passkey/options', { json: body }));

export const verifyPasskey = (body: { challengeId: string; response: unknown }) =>
  json(authResultSchema, () => userClient.post('auth/two-factor/passkey/verify', { json: body }));

export const requestPhoneCode = (body: { country: string; phoneNumber: string }) =>
  json(codeChallengeSchema, () => userClient.post('auth/phone-code', { json: body }));

/** How far the text with a phone code went: sending, sent, delivered or undelivered (with why). */
export const fetchCodeDelivery = (challengeId: string) =>
  json(codeDeliverySchema, () => userClient.get(`auth/phone-code/${challengeId}/delivery`));

export const verifyPhoneCode = (body: { challengeId: string; code: string }) =>
  json(currentSessionSchema, () => userClient.post('auth/phone-code/verify', { json: body }));

export const completeSocialSignIn = (body: { code: string; state: string }) =>
  json(signInAnswerSchema, () => userClient.post('auth/oauth/callback', { json: body }));

export const fetchCurrentSession = () => json(currentSessionSchema, () => userClient.get('auth/session'));

export const signOut = () => call(() => userClient.post('auth/sign-out'));

export const fetchSessions = () => json(sessionListSchema, () => userClient.get('auth/sessions'));

export const revokeSession = (id: string) =>
  call(() => userClient.delete(`auth/sessions/${encodeURIComponent(id)}`));

export const signOutOtherSessions = () =>
  json(revokedCountSchema, () => userClient.post('auth/sessions/sign-out-others'));

export const updateProfile = (body: { name?: string; locale?: Locale; timeZone?: string }) =>
  json(userSchema, () => userClient.patch('users/me', { json: body }));

export const requestEmailChange = (body: { email: string }) =>
  json(codeChallengeSchema, () => userClient.post('users/me/email', { json: body }));

export const confirmEmailChange = (body: { challengeId: string; code: string }) =>
  json(userSchema, () => userClient.post('users/me/email/verify', { json: body }));

export const fetchSocketTicket = () =>
  json(socketTicketSchema, () => resourceManagerClient.post('socket-tickets'));
