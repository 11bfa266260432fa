// The person's API tokens in the cache.
import { queryOptions } from '@tanstack/react-query';
import { fetchApiTokens } from './api-tokens.api';

export const apiTokenKeys = { list: () => ['api-tokens'] as const };

export const apiTokensQuery = () => queryOptions({ queryKey: apiTokenKeys.list(), queryFn: fetchApiTokens });
