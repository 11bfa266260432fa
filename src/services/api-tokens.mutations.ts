// API tokens made and revoked: each waits for the token list to show the change before it counts as done.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiToken } from '@/contract/api-tokens';
import { createApiToken, revokeApiToken } from './api-tokens.api';
import { apiTokenKeys } from './api-tokens.queries';
import { type Answer, useWrite, type WriteCallbacks } from './mutation';

const refreshTokens = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: apiTokenKeys.list() });

export const useCreateApiToken = () => useWrite(createApiToken, refreshTokens);

export const useRevokeApiToken = (callbacks?: WriteCallbacks<Answer<typeof revokeApiToken>, ApiToken>) =>
  useWrite((token: ApiToken) => revokeApiToken(token.id), refreshTokens, callbacks);
