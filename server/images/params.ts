// Path parameters of the image routes: a malformed id answers the same 404 as another team's image.
import * as v from 'valibot';
import { idParam } from '../http/path-params';
import { teamId } from '../tenancy/params';
import { imageNotFound } from './problems';

export const imageParams = v.object({ teamId, imageId: idParam('image', imageNotFound) });
