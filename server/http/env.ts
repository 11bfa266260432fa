// The Hono environment shared by every router: what middleware puts on the context for handlers.
import type { RequestIdVariables } from 'hono/request-id';

export interface AppEnv {
  Variables: RequestIdVariables;
}
