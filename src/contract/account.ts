// The signed-in person's own account: name, e-mail address (changed by code), phone (via /auth/phone-code).
import * as v from 'valibot';
import { challengeIdSchema, codeSchema, emailSchema, personNameSchema } from './auth';

export const updateProfileRequestSchema = v.object({ name: personNameSchema });
export const changeEmailRequestSchema = v.object({ email: emailSchema });
export const confirmEmailChangeRequestSchema = v.object({ challengeId: challengeIdSchema, code: codeSchema });
