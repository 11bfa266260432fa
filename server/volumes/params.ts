// Path parameters of the volume routes: a malformed id answers the same 404 as another team's volume.
import * as v from 'valibot';
import { idParam } from '../http/path-params';
import { teamId } from '../tenancy/params';
import { volumeNotFound } from './problems';

export const volumeParams = v.object({ teamId, volumeId: idParam('volume', volumeNotFound) });
