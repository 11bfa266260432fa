// Operator access for `npm run ops`: a bearer token compared in constant time. With OPERATOR_TOKEN set
// the server accepts that token; otherwise it derives one from the installation secret, the same on
// every server sharing the database, and writes it to DATA_DIR/operator-token (owner-only) at start, so
// the ops command on the same machine reads it without anyone copying secrets around.
import { createHmac } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { problemTypes } from '@/contract/problem';
import type { AppEnv } from '../http/env';
import { documentGuard } from '../http/openapi';
import { ProblemError } from '../http/problem';
import { sameHash, sha256 } from '../identity/secrets';

export const OPERATOR_TOKEN_FILE = 'operator-token';

export function deriveOperatorToken(instanceSecret: string): string {
  return createHmac('sha256', instanceSecret).update('ikirere operator token v1').digest('base64url');
}

export async function writeOperatorTokenFile(dataDir: string, token: string): Promise<string> {
  const path = join(dataDir, OPERATOR_TOKEN_FILE);
  // With PostgreSQL nothing else may have created DATA_DIR yet.
  await mkdir(dataDir, { recursive: true });
  await writeFile(path, `${token}\n`, { mode: 0o600 });
  // The mode above applies only to a new file; an older one may have been created looser.
  await chmod(path, 0o600);
  return path;
}

function operatorTokenRequired(): ProblemError {
  return new ProblemError(
    401,
    {
      type: problemTypes.operatorTokenRequired,
      title: 'Operator token required',
      detail:
        'This endpoint is for operators of this installation: send the operator token as a Bearer token.',
    },
    { 'WWW-Authenticate': 'Bearer' },
  );
}

/** 401 unless `Authorization: Bearer <operator token>`; with no token configured, nothing gets in. */
export function requireOperator(operatorToken: string | undefined): MiddlewareHandler<AppEnv> {
  const expected = operatorToken ? sha256(operatorToken) : undefined;
  return documentGuard(async (c, next) => {
    const presented = /^Bearer[ ]+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    if (!expected || !presented || !sameHash(sha256(presented), expected)) throw operatorTokenRequired();
    await next();
  }, 'operator');
}
