// The server-state cache (React Query). Only the signed-in console uses it, so it is loaded with the
// protected area rather than with the landing and sign-in pages, which stay small.
import type { QueryClient } from '@tanstack/react-query';

let client: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('@tanstack/react-query').then(({ QueryClient: Client }) => {
    client = new Client({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } });
    return client;
  });
  return loading;
}

/** The cache if the console has loaded it; null on pages that never did. */
export function loadedQueryClient(): QueryClient | null {
  return client;
}
