// The server-state cache (React Query). Only the signed-in console uses it, so it is loaded with the
// protected area rather than with the landing and sign-in pages, which stay small.
import type { QueryClient } from '@tanstack/react-query';

let client: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;

/** A refusal (4xx: gone, forbidden, invalid) answers the same the second time; only failures to reach the server are tried again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  // Duck-typed: importing ApiError would put the HTTP client in every page's first download.
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('@tanstack/react-query').then(({ QueryClient: Client }) => {
    client = new Client({ defaultOptions: { queries: { staleTime: 30_000, retry: shouldRetry } } });
    return client;
  });
  return loading;
}

/** The cache if the console has loaded it; null on pages that never did. */
export function loadedQueryClient(): QueryClient | null {
  return client;
}
