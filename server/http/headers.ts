// Headers every answer carries: a strict CSP and friends, and no caching unless a handler opts in.
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './env';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  // 'self' covers the same-origin WebSocket (ws:/wss:) in current browsers.
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    // A handler that sets its own (a download's sandboxing CSP) keeps it; the rest get these.
    overwrite: false,
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    // HSTS belongs to whoever terminates TLS; sent over plain HTTP it is ignored or, behind a proxy on a
    // shared domain, pins subdomains the operator never meant to pin.
    strictTransportSecurity: false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      serial: [],
      hid: [],
      bluetooth: [],
      displayCapture: [],
      browsingTopics: [],
    },
  });
}

/** API answers hold per-user data: nothing may store them unless a handler says otherwise. */
export function noStoreByDefault(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  };
}

/** A file to keep rather than a page to show: saved under `filename`, never sniffed, never cached. */
export function attachmentHeaders(filename: string): Record<string, string> {
  return {
    'Content-Disposition': `attachment; filename="${filename}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  };
}
