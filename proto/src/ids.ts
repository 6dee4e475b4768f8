import { z } from 'zod';

/** A numeric id as the spec shows them: a positive safe integer, also accepted as a decimal string from a path. */
export const idSchema = z.coerce
  .number('Id must be a number')
  .int('Id must be a whole number')
  .positive('Id must be a positive number')
  .max(Number.MAX_SAFE_INTEGER, 'Id is too large');

/** Path parameters of `/:id` style routes. */
export const idParamsSchema = z.object({ id: idSchema });
export const threadIdParamsSchema = z.object({ threadId: idSchema });
export const snippetIdParamsSchema = z.object({ snippetId: idSchema });
export const jobDescriptionIdParamsSchema = z.object({ jobDescriptionId: idSchema });

export const isoDateSchema = z.string().datetime({ offset: true });
