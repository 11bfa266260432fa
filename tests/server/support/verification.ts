// Helpers for the verification tests: the request form as a browser sends it, and the ops command run
// in-process against the test app.
import { runOps } from '../../../scripts/ops';
import type { IdentityTestApp } from './identity';
import { file, pdf } from './sample-files';
import { type Answer, send } from './teams';

export const OPERATOR_TOKEN = 'test-operator-token-0123456789abcdefghij';

export const DETAILS = {
  legalName: 'Acme Rwanda Ltd',
  registrationNumber: 'RDB-104-2231',
  country: 'RW',
  address: 'KG 7 Ave 12, Kigali',
  website: 'https://acme.rw',
  note: 'Our certificate of incorporation and the director’s ID.',
};

export function verificationForm(
  files: File[] = [file(pdf(), 'certificate.pdf', 'application/pdf')],
  fields: Record<string, string> = DETAILS,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const document of files) form.append('documents', document);
  return form;
}

export function submitVerification(
  t: IdentityTestApp,
  teamId: string,
  token: string,
  form = verificationForm(),
) {
  return send(t, 'POST', `/teams/${teamId}/verification`, { token, form });
}

export interface OpsRun {
  code: number;
  out: string;
  err: string;
}

/** `npm run ops -- …args` against the test app, with the operator token in the environment. */
export async function ops(t: IdentityTestApp, args: string[], token = OPERATOR_TOKEN): Promise<OpsRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(args, {
    env: { OPERATOR_TOKEN: token },
    cwd: process.cwd(),
    fetch: ((input: string | URL | Request, init?: RequestInit) =>
      Promise.resolve(t.app.request(String(input), init))) as typeof fetch,
    out: (text) => out.push(text),
    err: (text) => err.push(text),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

export type { Answer };
