// The Hono environment shared by every router: what middleware puts on the context for handlers.
import type { RequestIdVariables } from 'hono/request-id';
import type { Identity } from '../identity';
import type { ApiTokenRecord } from '../identity/api-tokens';
import type { SessionRecord, UserRecord } from '../identity/sessions';
import type { LiveUpdates } from '../socket/live-updates';
import type { TeamMembership, TeamRecord } from '../tenancy/team-record';
import type { TokenScope } from './routes';

export interface AppEnv {
  Variables: RequestIdVariables & {
    /** The identity core (sessions, codes, providers), set for every request by the app. */
    identity: Identity;
    /** Pushes changes to the open console sockets, set for every request by the app. */
    live: LiveUpdates;
    /** The caller's live session: set by the requireSession / requireVerifiedUser guards only. */
    session: SessionRecord;
    /** The signed-in user, as read with the session (or the API token): set by the same guards. */
    user: UserRecord;
    /** The matched route's declared token scope, set by the registry before its guards run. */
    tokenScope: TokenScope;
    /** The API token the request came with, when it came with one instead of a session. */
    apiToken: ApiTokenRecord | undefined;
    /** The team named by :teamId in the path: set by the requireTeamMember guard (server/teams/guards.ts). */
    team: TeamRecord;
    /** The caller's ACTIVE membership of that team: set by the same guard. */
    membership: TeamMembership;
  };
}
