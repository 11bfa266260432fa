// Path parameters of the domain routes. Ids are plain strings on purpose (see server/teams/params.ts): a
// malformed id answers the same 404 as another team's domain or record.
import * as v from 'valibot';

const id = (what: string) => v.pipe(v.string(), v.description(`The ${what}'s id (a UUID).`));

export const domainParams = v.object({ teamId: id('team'), domainId: id('domain') });
export const recordParams = v.object({ teamId: id('team'), domainId: id('domain'), recordId: id('record') });
