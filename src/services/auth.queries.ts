import { queryOptions } from '@tanstack/react-query';
import { fetchCurrentSession, fetchSessions } from './auth.api';

/** Who is signed in, their teams and session (cache key `user-profile`, SPEC §3). */
export const currentSessionQuery = () =>
  queryOptions({ queryKey: ['user-profile'], queryFn: fetchCurrentSession, staleTime: 60_000 });

export const sessionsQuery = () => queryOptions({ queryKey: ['user-sessions'], queryFn: fetchSessions });
