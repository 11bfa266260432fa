// The person's API tokens (contract: src/contract/api-tokens.ts): list, make, revoke.
import { apiTokenListSchema, type CreateApiTokenRequest, createdApiTokenSchema } from '@/contract/api-tokens';
import { call, json, userClient } from './http';

export const fetchApiTokens = () => json(apiTokenListSchema, () => userClient.get('users/me/api-tokens'));

export const createApiToken = (body: CreateApiTokenRequest) =>
  json(createdApiTokenSchema, () => userClient.post('users/me/api-tokens', { json: body }));

export const revokeApiToken = (id: string) =>
  call(() => userClient.delete(`users/me/api-tokens/${encodeURIComponent(id)}`));
