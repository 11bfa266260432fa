import { queryOptions } from '@tanstack/react-query';
import { fetchAppConfig } from './app-config.api';

export const appConfigQuery = () =>
  queryOptions({ queryKey: ['app-configs'], queryFn: fetchAppConfig, staleTime: 5 * 60_000 });
