// Path parameters of the billing routes. Ids are plain strings on purpose (see server/teams/params.ts): a
// malformed id answers the same 404 as another team's top-up.
import * as v from 'valibot';

const id = (what: string) => v.pipe(v.string(), v.description(`The ${what}'s id (a UUID).`));

export const topUpParams = v.object({ teamId: id('team'), topUpId: id('top-up') });
export const providerParams = v.object({
  provider: v.pipe(v.string(), v.description('The payment provider sending the callback, e.g. sandbox.')),
});
