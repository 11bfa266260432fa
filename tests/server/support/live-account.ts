// An account made over real HTTP against a running server, the way the console does it: sign up, read
// the code in the development mailbox, verify a phone number; then socket tickets for the WebSocket.
import * as v from 'valibot';
import { authResultSchema, codeChallengeSchema } from '@/contract/auth';
import { socketTicketSchema } from '@/contract/socket-ticket';
import { openSocket, type SocketProbe } from './socket-client';

const USER_API = '/user/api/v1';

async function post(baseUrl: string, path: string, body?: unknown, token?: string): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The newest code sent to `to`, waiting for the outbox: messages are sent after the answer. */
export async function codeFromMailbox(baseUrl: string, to: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(`${baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: { code: string | null }[] };
    if (messages[0]?.code) return messages[0].code;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No code reached the mailbox for ${to}`);
}

async function expectOk(response: Response): Promise<unknown> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

export interface LiveAccount {
  token: string;
  sessionId: string;
  email: string;
}

let counter = 0;

/** A new account with a verified phone number: one that may open the console socket. */
export async function createLiveAccount(baseUrl: string): Promise<LiveAccount> {
  counter += 1;
  const email = `live-${counter}-${Date.now().toString(36)}@example.com`;
  const phone = `+25078${(1_000_000 + ((Date.now() + counter) % 8_999_999)).toString().padStart(7, '0')}`;
  const signUp = v.parse(
    codeChallengeSchema,
    await expectOk(await post(baseUrl, `${USER_API}/auth/signup`, { name: 'Live Person', email })),
  );
  const signedIn = v.parse(
    authResultSchema,
    await expectOk(
      await post(baseUrl, `${USER_API}/auth/email-code/verify`, {
        challengeId: signUp.challengeId,
        code: await codeFromMailbox(baseUrl, email),
      }),
    ),
  );
  const phoneChallenge = v.parse(
    codeChallengeSchema,
    await expectOk(
      await post(
        baseUrl,
        `${USER_API}/auth/phone-code`,
        { country: 'RW', phoneNumber: phone },
        signedIn.token,
      ),
    ),
  );
  await expectOk(
    await post(
      baseUrl,
      `${USER_API}/auth/phone-code/verify`,
      {
        challengeId: phoneChallenge.challengeId,
        code: await codeFromMailbox(baseUrl, phoneChallenge.destination),
      },
      signedIn.token,
    ),
  );
  return { token: signedIn.token, sessionId: signedIn.session.id, email };
}

export async function socketTicket(baseUrl: string, token: string): Promise<string> {
  const response = await post(baseUrl, '/resource-manager/api/v1/socket-tickets', undefined, token);
  return v.parse(socketTicketSchema, await expectOk(response)).ticket;
}

/** Opens the console socket the way a page on the server's own origin would. */
export async function openTicketedSocket(
  baseUrl: string,
  token: string,
  options: { origin?: string; autoPong?: boolean } = {},
): Promise<SocketProbe> {
  const ticket = await socketTicket(baseUrl, token);
  return openSocket(
    `${baseUrl.replace('http', 'ws')}/resource-manager?ticket=${encodeURIComponent(ticket)}`,
    {
      origin: options.origin ?? baseUrl,
      ...(options.autoPong === undefined ? {} : { autoPong: options.autoPong }),
    },
  );
}

export async function signOut(baseUrl: string, token: string): Promise<void> {
  await expectOk(await post(baseUrl, `${USER_API}/auth/sign-out`, undefined, token));
}
