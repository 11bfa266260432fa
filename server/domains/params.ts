// Path parameters of the domain routes: a malformed id answers the same 404 as another team's domain or
// record (server/http/path-params.ts).
import * as v from 'valibot';
import { idParam } from '../http/path-params';
import { teamId } from '../tenancy/params';
import { domainNotFound, recordNotFound } from './problems';

const domainId = idParam('domain', domainNotFound);

export const domainParams = v.object({ teamId, domainId });
export const recordParams = v.object({ teamId, domainId, recordId: idParam('record', recordNotFound) });
