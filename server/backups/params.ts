// Path parameters of the backup routes: a malformed id answers the same 404 as another team's.
import * as v from 'valibot';
import { idParam } from '../http/path-params';
import { teamId } from '../tenancy/params';
import { backupNotFound, computeNotFound } from './problems';

const computeId = idParam('compute', computeNotFound);

export const backupComputeParams = v.object({ teamId, computeId });
export const backupParams = v.object({ teamId, computeId, backupId: idParam('backup', backupNotFound) });
