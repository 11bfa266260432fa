// The user service's sign-in, sign-up, phone verification and session calls (contract: src/contract/auth.ts).
import {
  authResultSchema,
  codeChallengeSchema,
  currentSessionSchema,
  revokedCountSchema,
  type SocialProvider,
  sessionListSchema,
  signInMethodsSchema,
  userSchema,
} from '../contract/auth';
import { socketTicketSchema } from '../contract/socket-ticket';
import { apiHost, basePaths } from './config';
import { call, resourceManagerClient, userClient } from './http';

export const fetchSignInMethods = () => call(() => userClient.get('auth/methods').json(signInMethodsSchema));

export const signUp = (body: { name: string; email: string }) =>
  call(() => userClient.post('auth/signup', { json: body }).json(codeChallengeSchema));

export const requestEmailCode = (body: { email: string }) =>
  call(() => userClient.post('auth/email-code', { json: body }).json(codeChallengeSchema));

export const verifyEmailCode = (body: { challengeId: string; code: string }) =>
  call(() => userClient.post('auth/email-code/verify', { json: body }).json(authResultSchema));

export const requestPhoneCode = (body: { country: string; phoneNumber: string }) =>
  call(() => userClient.post('auth/phone-code', { json: body }).json(codeChallengeSchema));

export const verifyPhoneCode = (body: { challengeId: string; code: string }) =>
  call(() => userClient.post('auth/phone-code/verify', { json: body }).json(currentSessionSchema));

export const completeSocialSignIn = (body: { code: string; state: string }) =>
  call(() => userClient.post('auth/oauth/callback', { json: body }).json(authResultSchema));

/** Where the browser goes to start a social sign-in; the server redirects it to the provider. */
export const socialSignInUrl = (provider: SocialProvider) =>
  `${apiHost}${basePaths.user}/auth/oauth/${provider}/authorize`;

export const fetchCurrentSession = () =>
  call(() => userClient.get('auth/session').json(currentSessionSchema));

export const signOut = () => call(() => userClient.post('auth/sign-out'));

export const fetchSessions = () => call(() => userClient.get('auth/sessions').json(sessionListSchema));

export const revokeSession = (id: string) =>
  call(() => userClient.delete(`auth/sessions/${encodeURIComponent(id)}`));

export const signOutOtherSessions = () =>
  call(() => userClient.post('auth/sessions/sign-out-others').json(revokedCountSchema));

export const updateProfile = (body: { name: string }) =>
  call(() => userClient.patch('users/me', { json: body }).json(userSchema));

export const requestEmailChange = (body: { email: string }) =>
  call(() => userClient.post('users/me/email', { json: body }).json(codeChallengeSchema));

export const confirmEmailChange = (body: { challengeId: string; code: string }) =>
  call(() => userClient.post('users/me/email/verify', { json: body }).json(userSchema));

export const fetchSocketTicket = () =>
  call(() => resourceManagerClient.post('socket-tickets').json(socketTicketSchema));

export type { SocialProvider };
