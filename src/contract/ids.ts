// Ids in the API are UUIDs, read in lower case whatever case a client wrote them in: PostgreSQL's uuid
// compares both alike, but a file named after an id, a comparison in code or a set of ids would not.
import * as v from 'valibot';

export const uuid = v.pipe(v.string(), v.uuid(), v.toLowerCase());

/** An id refused with a message of its own (a `translated()` one, beside its field). */
export const uuidWith = (message: Parameters<typeof v.uuid>[0]) =>
  v.pipe(v.string(), v.uuid(message), v.toLowerCase());
