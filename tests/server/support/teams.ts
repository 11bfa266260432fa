// Helpers for the teams tests: people who can use the console made straight in the database (the real
// sign-up is covered by the identity tests and by one invitation test here), teams with chosen members,
// and requests to the user service that read the answer whatever its type.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Role } from '@/contract/auth';
import { auditLog, teamMembers, teams, users } from '../../../server/db/schema';
import { createAccount } from '../../../server/identity/accounts';
import { type IdentityTestApp, inbox, USER_API, uniqueEmail } from './identity';

export interface Person {
  id: string;
  name: string;
  email: string;
  token: string;
  /** The team every account gets at sign-up, owned by this person. */
  ownTeamId: string;
}

/** An account with a verified e-mail and phone, and a session: what reaches the console. */
export async function person(t: IdentityTestApp, name = 'Ada Nkusi', email?: string): Promise<Person> {
  const now = t.clock.now();
  const address = email ?? uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const user = await createAccount(t.identity.db, { name, email: address, now });
  await t.identity.db.update(users).set({ phoneVerifiedAt: now }).where(eq(users.id, user.id));
  const { token } = await t.identity.sessions.create(user.id, { userAgent: 'vitest', ip: null });
  const [own] = await t.identity.db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, user.id));
  return { id: user.id, name, email: address, token, ownTeamId: own!.teamId };
}

/** A new team owned by `owner`, with the others added as ACTIVE members in the roles given. */
export async function teamOf(
  t: IdentityTestApp,
  owner: Person,
  others: [Person, Exclude<Role, 'OWNER'>][] = [],
  name = 'Acme Rwanda',
): Promise<string> {
  const db = t.identity.db;
  const [team] = await db.insert(teams).values({ name, currency: 'RWF' }).returning({ id: teams.id });
  await db
    .insert(teamMembers)
    .values([
      { teamId: team!.id, userId: owner.id, role: 'OWNER', status: 'ACTIVE' },
      ...others.map(([member, role]) => ({ teamId: team!.id, userId: member.id, role, status: 'ACTIVE' })),
    ]);
  return team!.id;
}

export interface RoleSet {
  teamId: string;
  owner: Person;
  admin: Person;
  member: Person;
}

/** "Acme Rwanda" with Olive Owner, Alice Admin and Mark Member: one person in each role. */
export async function teamWithRoles(t: IdentityTestApp): Promise<RoleSet> {
  const owner = await person(t, 'Olive Owner');
  const admin = await person(t, 'Alice Admin');
  const member = await person(t, 'Mark Member');
  const teamId = await teamOf(t, owner, [
    [admin, 'ADMIN'],
    [member, 'MEMBER'],
  ]);
  return { teamId, owner, admin, member };
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests.
  body: any;
  headers: Headers;
  bytes: Uint8Array;
}

export interface SendOptions {
  token?: string | undefined;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

/** A request to the app; /teams, /invitations, /users and /auth paths go to the user service. */
export async function send(
  t: IdentityTestApp,
  method: string,
  path: string,
  options: SendOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'User-Agent': 'vitest', ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = /^\/(teams|invitations|users|auth)(\/|$|\?)/.test(path) ? `${USER_API}${path}` : path;
  const response = await t.app.request(url, { method, headers, body });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const type = response.headers.get('Content-Type') ?? '';
  const text = new TextDecoder().decode(bytes);
  return {
    status: response.status,
    body: /json/.test(type) && text !== '' ? JSON.parse(text) : text,
    headers: response.headers,
    bytes,
  };
}

/** Asserts the status, showing the answer when it differs. */
export function expectStatus(answer: Answer, status: number): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
}

/**
 * The newest e-mail to someone with this subject (after pending deliveries). By subject, not simply the
 * newest: two messages sent within the same millisecond have no reliable order in the outbox.
 */
export async function mailTo(t: IdentityTestApp, to: string, subject: string) {
  const messages = await inbox(t, to);
  const found = messages.find((message) => message.subject === subject);
  expect(
    found,
    `no e-mail "${subject}" to ${to}; got ${JSON.stringify(messages.map((m) => m.subject))}`,
  ).toBeDefined();
  return found!;
}

/** The audit log rows of a team straight from the table, newest last. */
export async function auditRows(t: IdentityTestApp, teamId: string) {
  return t.identity.db.select().from(auditLog).where(eq(auditLog.teamId, teamId)).orderBy(auditLog.seq);
}
