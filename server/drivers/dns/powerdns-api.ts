// Calls to the PowerDNS HTTP API (/api/v1/servers/{id}/…): the key in X-API-Key, a time limit on every
// call, and every failure turned into a PowerDnsError that says which call, what status and why.

export interface PowerDnsApiOptions {
  /** The API's base URL, such as http://127.0.0.1:8081 (a trailing /api/v1 is accepted too). */
  url: string;
  apiKey: string;
  /** PowerDNS's server id in /api/v1/servers/{id}; `localhost` unless it serves several. */
  serverId?: string;
  /** The fetch to call (tests); the global one by default. */
  fetch?: typeof fetch;
  /** How long one call may take. */
  timeoutMs: number;
}

/** Why a call failed: PowerDNS's HTTP status and `error` text when it answered, undefined when it did not. */
export class PowerDnsError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly powerDnsError: string | undefined,
  ) {
    super(message);
    this.name = 'PowerDnsError';
  }
}

export interface PowerDnsApi {
  /** The base URL as normalised: no trailing slash, no /api/v1. */
  readonly base: string;
  /**
   * Calls `path` below /api/v1/servers/{id} and resolves with the parsed JSON (undefined for an empty
   * body, and for 404 when `allowNotFound`); rejects with a PowerDnsError on anything else.
   */
  call<T>(method: string, path: string, body?: unknown, allowNotFound?: boolean): Promise<T | undefined>;
}

export function createPowerDnsApi(options: PowerDnsApiOptions): PowerDnsApi {
  const base = options.url
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api\/v1$/, '');
  const serverPath = `/api/v1/servers/${encodeURIComponent(options.serverId ?? 'localhost')}`;
  const fetchImpl = options.fetch ?? fetch;
  const { timeoutMs } = options;

  async function call<T>(method: string, path: string, body?: unknown, allowNotFound = false) {
    const what = `${method} ${serverPath}${path}`;
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${base}${serverPath}${path}`, {
        method,
        headers: {
          'X-API-Key': options.apiKey,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new PowerDnsError(
          `PowerDNS at ${base} did not answer ${what} within ${timeoutMs / 1000} s`,
          undefined,
          undefined,
        );
      }
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = cause?.code ?? cause?.message ?? (error as Error).message;
      throw new PowerDnsError(
        `PowerDNS at ${base} cannot be reached (${what}): ${reason}`,
        undefined,
        undefined,
      );
    }
    if (response.status === 404 && allowNotFound) return undefined;
    if (!response.ok) {
      const error = errorText(text);
      // PowerDNS answers a wrong key with a bare "Unauthorized": say which setting to look at.
      const hint = response.status === 401 ? ' (check POWERDNS_API_KEY)' : '';
      throw new PowerDnsError(
        `PowerDNS refused ${what}: ${response.status} ${error ?? response.statusText}${hint}`,
        response.status,
        error,
      );
    }
    if (text === '') return undefined;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new PowerDnsError(
        `PowerDNS answered ${what} with something other than JSON`,
        response.status,
        undefined,
      );
    }
  }

  return { base, call };
}

/** PowerDNS answers errors as `{"error": "…"}`, and some (a 404 for an unknown URL) as plain text. */
function errorText(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    if (typeof parsed.error === 'string' && parsed.error !== '') return parsed.error;
  } catch {
    // plain text
  }
  const plain = text.trim().slice(0, 300);
  return plain === '' ? undefined : plain;
}
