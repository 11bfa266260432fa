// The sign-in methods the server offers (GET /user/api/v1/auth/methods), read with the browser's own fetch:
// the sign-in page needs nothing else from the API client, and ky with it would put the page over its
// 150 KB JavaScript budget. Parsed with the same contract schema as every other answer.
import * as v from 'valibot';
import { type SignInMethods, signInMethodsSchema } from '@/contract/auth';
import { apiHost, basePaths } from './config';

export async function fetchSignInMethods(signal?: AbortSignal): Promise<SignInMethods> {
  const response = await fetch(`${apiHost}${basePaths.user}/auth/methods`, {
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new Error(`The sign-in methods could not be read (${response.status}).`);
  return v.parse(signInMethodsSchema, await response.json());
}
