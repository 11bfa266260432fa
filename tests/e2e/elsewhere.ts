// Changes made outside the browser under test — another browser of the team, a script with the same
// account, an operator — through the real API, so the console under test must learn of them live.
import { randomUUID } from 'node:crypto';
import type { TestAccount } from './accounts';

interface Answer<T> {
  status: number;
  body: T;
}

async function call<T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** The same calls a second browser (or a script) of `account` would make. */
export function elsewhere(baseUrl: string, account: TestAccount) {
  const as = <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    call<T>(baseUrl, account.token, method, path, body, headers);
  const rm = '/resource-manager/api/v1';
  return {
    async teamId(): Promise<string> {
      const { body } = await as<{ teams: Array<{ id: string }> }>('GET', '/user/api/v1/teams');
      return body.teams[0]!.id;
    },
    createCompute: (teamId: string, hostname: string) =>
      as<{ compute: { id: string }; detail?: string }>(
        'POST',
        `${rm}/teams/${teamId}/computes`,
        {
          hostname,
          locationId: 'kgl1',
          operatingSystemId: 'debian-12',
          instanceTypeId: 's-1vcpu-1gb',
          authentication: { method: 'password' },
        },
        { 'Idempotency-Key': randomUUID() },
      ),
    compute: (teamId: string, id: string) =>
      as<{ status: string; hostname: string }>('GET', `${rm}/teams/${teamId}/computes/${id}`),
    power: (teamId: string, id: string, type: 'power_on' | 'shutdown' | 'power_off' | 'reboot') =>
      as('POST', `${rm}/teams/${teamId}/computes/${id}/actions`, { type }),
    destroy: (teamId: string, id: string, hostname: string) =>
      as('DELETE', `${rm}/teams/${teamId}/computes/${id}`, { confirmHostname: hostname }),
    createDomain: (teamId: string, name: string) =>
      as<{ id: string; name: string }>('POST', `${rm}/teams/${teamId}/domains`, { name }),
    deleteDomain: (teamId: string, id: string, name: string) =>
      as('DELETE', `${rm}/teams/${teamId}/domains/${id}`, { confirmName: name }),
    createRecord: (teamId: string, domainId: string, record: Record<string, unknown>) =>
      as<{ id: string }>('POST', `${rm}/teams/${teamId}/domains/${domainId}/records`, record),
    submitVerification(teamId: string) {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        legalName: 'Live Works Ltd',
        registrationNumber: 'RDB-200-1234',
        country: 'RW',
        address: 'KN 3 Rd 8, Kigali',
      }))
        form.append(name, value);
      const pdf = '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
      form.append('documents', new File([pdf], 'certificate.pdf', { type: 'application/pdf' }));
      return as('POST', `/user/api/v1/teams/${teamId}/verification`, form);
    },
    invite: (teamId: string, email: string, role: 'MEMBER' | 'ADMIN' = 'MEMBER') =>
      as<{ id: string }>('POST', `/user/api/v1/teams/${teamId}/invitations`, { email, role }),
    acceptInvitation: (id: string) => as('POST', `/user/api/v1/invitations/${id}/accept`),
    changeRole: (teamId: string, userId: string, role: 'MEMBER' | 'ADMIN') =>
      as('PATCH', `/user/api/v1/teams/${teamId}/members/${userId}`, { role }),
    removeMember: (teamId: string, userId: string) =>
      as('DELETE', `/user/api/v1/teams/${teamId}/members/${userId}`),
  };
}

/** An operator's verification decision, as `npm run ops` sends it. */
export async function decideVerification(
  baseUrl: string,
  operatorToken: string,
  teamId: string,
  decision: 'approve' | 'reject' | 'request-info',
  message?: string,
) {
  return call(baseUrl, operatorToken, 'POST', `/ops/api/v1/teams/${teamId}/verification/decision`, {
    decision,
    ...(message ? { message } : {}),
  });
}

/** Asks until `check` holds (the simulator takes a moment), for setting the scene, not for asserting. */
export async function until<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
