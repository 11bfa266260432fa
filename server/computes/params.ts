// Path parameters of the compute routes: a malformed id answers the same 404 as another team's compute
// (server/http/path-params.ts).
import * as v from 'valibot';
import { idParam } from '../http/path-params';
import { teamId } from '../tenancy/params';
import { computeNotFound } from './problems';

export const computeParams = v.object({ teamId, computeId: idParam('compute', computeNotFound) });
