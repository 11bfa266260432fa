// Path parameters of the billing routes: a malformed id answers the same 404 as another team's top-up or
// invoice (server/http/path-params.ts).
import * as v from 'valibot';
import { idParam } from '../http/path-params';
import { teamId } from '../tenancy/params';
import { invoiceNotFound, topUpNotFound } from './problems';

export const topUpParams = v.object({ teamId, topUpId: idParam('top-up', topUpNotFound) });
export const invoiceParams = v.object({ teamId, invoiceId: idParam('invoice', invoiceNotFound) });
export const providerParams = v.object({
  provider: v.pipe(v.string(), v.description('The payment provider sending the callback, e.g. sandbox.')),
});
