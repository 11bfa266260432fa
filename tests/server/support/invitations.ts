// Shared by the invitation tests: an app whose e-mails link to a fixed console origin and whose sessions
// outlive the days the tests move the clock by, and the invitation helpers.
import * as v from 'valibot';
import { invitationSchema } from '@/contract/teams';
import type { DatabaseHandle } from '../../../server/db';
import { buildIdentityTestApp, type IdentityTestApp } from './identity';
import { expectStatus, type Person, send } from './teams';

export const DAY = 86_400_000;
export const CONSOLE = 'https://console.example.rw';

export function invitationsTestApp(database: DatabaseHandle): IdentityTestApp {
  return buildIdentityTestApp(database, {
    config: { publicUrl: CONSOLE, sessionIdleHours: 24 * 365, sessionMaxDays: 365 },
  });
}

export async function invite(
  t: IdentityTestApp,
  teamId: string,
  by: Person,
  email: string,
  role: 'MEMBER' | 'ADMIN' = 'MEMBER',
) {
  const answer = await send(t, 'POST', `/teams/${teamId}/invitations`, {
    token: by.token,
    body: { email, role },
  });
  expectStatus(answer, 201);
  return v.parse(invitationSchema, answer.body);
}

/** The invitation id in an e-mail's link to the console. */
export const linkIn = (text: string) =>
  /https:\/\/console\.example\.rw\/invitation\/([0-9a-f-]{36})/.exec(text)?.[1];
