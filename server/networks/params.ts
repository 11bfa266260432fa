// Path parameters of the network routes: a malformed id answers the same 404 as another team's network.
import * as v from 'valibot';
import { idParam } from '../http/path-params';
import { teamId } from '../tenancy/params';
import { memberNotFound, networkNotFound } from './problems';

export const networkParams = v.object({ teamId, networkId: idParam('network', networkNotFound) });
export const memberParams = v.object({
  teamId,
  networkId: idParam('network', networkNotFound),
  computeId: idParam('compute', memberNotFound),
});
