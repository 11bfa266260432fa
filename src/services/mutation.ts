// The shape every write hook in src/services/*.mutations.ts shares: the call, then what it changes in the
// cache (through the area's key factory), then what the page wants done (a notice, a toast, a navigation).
// A cache update that returns a promise is awaited, so the write counts as pending until the lists it
// refreshes have arrived (a deleted row is gone when the button stops spinning); one that returns nothing
// refreshes in the background.
import { type QueryClient, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from './api-error';

/** What a page adds to a write: run after the cache is updated, or when the write fails. */
export interface WriteCallbacks<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: ApiError, variables: TVariables) => unknown;
}

/** What an API call answers. */
export type Answer<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

export type Write<TData, TVariables = void> = UseMutationResult<TData, ApiError, TVariables>;

export function useWrite<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  updateCache: (queryClient: QueryClient, data: TData, variables: TVariables) => unknown,
  callbacks: WriteCallbacks<TData, TVariables> = {},
): Write<TData, TVariables> {
  const queryClient = useQueryClient();
  return useMutation<TData, ApiError, TVariables>({
    mutationFn,
    onSuccess: async (data, variables) => {
      await updateCache(queryClient, data, variables);
      await callbacks.onSuccess?.(data, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
