// The signed-in person in the cache: user-profile (SPEC §3: who is signed in, their teams and session)
// and their sessions.
import { queryOptions } from '@tanstack/react-query';
import { fetchCurrentSession, fetchSessions } from './auth.api';

export const authKeys = {
  userProfile: () => ['user-profile'] as const,
  sessions: () => ['user-sessions'] as const,
};

export const currentSessionQuery = () =>
  queryOptions({ queryKey: authKeys.userProfile(), queryFn: fetchCurrentSession, staleTime: 60_000 });

export const sessionsQuery = () => queryOptions({ queryKey: authKeys.sessions(), queryFn: fetchSessions });
