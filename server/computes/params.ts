// Path parameters of the compute routes. Ids are plain strings on purpose (see server/teams/params.ts): a
// malformed id answers the same 404 as another team's compute.
import * as v from 'valibot';

const id = (what: string) => v.pipe(v.string(), v.description(`The ${what}'s id (a UUID).`));

export const computeParams = v.object({ teamId: id('team'), computeId: id('compute') });
