// Path parameters of the team and invitation routes. Ids are read as plain strings on purpose: a malformed
// id names nothing, so it answers the same 404 as an unknown one or another team's (handlers check it
// with isUuid before looking it up), never a 422 that would tell the cases apart.
import * as v from 'valibot';

const id = (what: string) => v.pipe(v.string(), v.description(`The ${what}'s id (a UUID).`));

export const teamIdParams = v.object({ teamId: id('team') });
export const memberParams = v.object({ teamId: id('team'), userId: id('member') });
export const teamInvitationParams = v.object({ teamId: id('team'), invitationId: id('invitation') });
export const documentParams = v.object({ teamId: id('team'), documentId: id('document') });
export const invitationParams = v.object({ id: id('invitation') });
