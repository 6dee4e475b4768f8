import { z } from 'zod';

const ID_NOT_A_NUMBER = 'Id must be a number';

const idNumber = z.number(ID_NOT_A_NUMBER).int('Id must be a whole number').positive('Id must be a positive number').max(Number.MAX_SAFE_INTEGER, 'Id is too large');

/** A numeric id as the spec shows them: a positive safe integer, also accepted as a decimal string from a path. */
export const idSchema = z.coerce.number(ID_NOT_A_NUMBER).pipe(idNumber);

/**
 * An id written as text (a path segment): decimal digits only, no sign, no leading zero, no spaces,
 * no exponent or hex (`/1e3`, `/0x10`, `" 6 "` are refused), then a safe integer.
 */
export const idTextSchema = z.string(ID_NOT_A_NUMBER).regex(/^[1-9][0-9]{0,15}$/, ID_NOT_A_NUMBER).transform(Number).pipe(idNumber);

/** Path parameters of `/:id` style routes. */
export const idParamsSchema = z.object({ id: idSchema });
export const threadIdParamsSchema = z.object({ threadId: idTextSchema });
export const snippetIdParamsSchema = z.object({ snippetId: idSchema });
export const jobDescriptionIdParamsSchema = z.object({ jobDescriptionId: idSchema });

export const isoDateSchema = z.string().datetime({ offset: true });
