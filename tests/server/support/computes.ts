// Helpers for the compute tests: a valid SSH key, create requests with an Idempotency-Key, and waiting for
// a compute to reach a status the way the console does (by reading it again).
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { IdentityTestApp } from './identity';
import { type Answer, send } from './teams';

export const RM = '/resource-manager/api/v1';

function sshString(data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, data]);
}

/** A fresh ed25519 public key line, as `cat ~/.ssh/id_ed25519.pub` prints it. */
export function sshPublicKey(comment = 'ada@laptop'): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const blob = Buffer.concat([sshString(Buffer.from('ssh-ed25519')), sshString(raw)]);
  return `ssh-ed25519 ${blob.toString('base64')} ${comment}`;
}

let counter = 0;
export function uniqueHostname(prefix = 'web'): string {
  counter += 1;
  return `${prefix}-${counter}-${Date.now().toString(36)}`;
}

export interface CreateBody {
  hostname: string;
  locationId: string;
  operatingSystemId: string;
  instanceTypeId: string;
  authentication: { method: 'ssh-key'; publicKey?: string; keyIds?: string[] } | { method: 'password' };
  tags?: string[];
  userData?: string | null;
}

export function computeRequest(overrides: Partial<CreateBody> = {}): CreateBody {
  return {
    hostname: uniqueHostname(),
    locationId: 'kgl1',
    operatingSystemId: 'ubuntu-24-04',
    instanceTypeId: 's-1vcpu-1gb',
    authentication: { method: 'ssh-key', publicKey: sshPublicKey() },
    tags: [],
    ...overrides,
  };
}

export function computesPath(teamId: string, rest = ''): string {
  return `${RM}/teams/${teamId}/computes${rest}`;
}

export function createCompute(
  t: IdentityTestApp,
  token: string,
  teamId: string,
  body: unknown = computeRequest(),
  key: string | null = randomUUID(),
): Promise<Answer> {
  return send(t, 'POST', computesPath(teamId), {
    token,
    body,
    headers: key === null ? {} : { 'Idempotency-Key': key },
  });
}

/** Reads the compute until it shows `status` (or fails the test after timeoutMs). */
export async function waitForStatus(
  t: IdentityTestApp,
  token: string,
  teamId: string,
  computeId: string,
  status: string,
  timeoutMs = 5_000,
): Promise<Answer> {
  const deadline = Date.now() + timeoutMs;
  let last: Answer | undefined;
  while (Date.now() < deadline) {
    last = await send(t, 'GET', computesPath(teamId, `/${computeId}`), { token });
    if (status === 'gone' ? last.status === 404 : last.body?.status === status) return last;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect.fail(
    `compute ${computeId} never became ${status}; last answer ${last?.status} ${JSON.stringify(last?.body)}`,
  );
}

export function action(t: IdentityTestApp, token: string, teamId: string, computeId: string, type: string) {
  return send(t, 'POST', computesPath(teamId, `/${computeId}/actions`), { token, body: { type } });
}

export function history(t: IdentityTestApp, token: string, teamId: string, computeId: string) {
  return send(t, 'GET', computesPath(teamId, `/${computeId}/history`), { token });
}
