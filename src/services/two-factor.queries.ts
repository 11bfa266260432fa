// Two-factor sign-in status in the cache.
import { queryOptions } from '@tanstack/react-query';
import { fetchTwoFactorStatus } from './two-factor.api';

export const twoFactorKeys = { status: () => ['two-factor'] as const };

export const twoFactorStatusQuery = () =>
  queryOptions({ queryKey: twoFactorKeys.status(), queryFn: fetchTwoFactorStatus });
