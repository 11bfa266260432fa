// What the server tells the console about itself (SPEC §3 cache key app-configs): drivers, DNS, support.
import { queryOptions } from '@tanstack/react-query';
import { fetchAppConfig } from './app-config.api';

export const appConfigKeys = { all: () => ['app-configs'] as const };

export const appConfigQuery = () =>
  queryOptions({ queryKey: appConfigKeys.all(), queryFn: fetchAppConfig, staleTime: 5 * 60_000 });
