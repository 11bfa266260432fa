// Path parameters of the firewall routes: a malformed id answers the same 404 as another team's firewall.
import * as v from 'valibot';
import { idParam } from '../http/path-params';
import { teamId } from '../tenancy/params';
import { firewallNotFound } from './problems';

export const firewallParams = v.object({ teamId, firewallId: idParam('firewall', firewallNotFound) });
