// One JSON log line per request, keyed by the request id that problem answers also carry.
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger';
import type { AppEnv } from './env';

export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const line = {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
    if (status >= 500) logger.warn(line, 'request failed');
    // Load balancers probe /healthz every few seconds; at info level that would drown real traffic.
    else if (c.req.path === '/healthz') logger.debug(line, 'request');
    else logger.info(line, 'request');
  };
}
