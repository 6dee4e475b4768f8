import { type z } from 'zod';
import { HTTP_MESSAGES } from '@story/proto';

/** An error whose message is safe to show the caller, with the HTTP status it maps to. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Response headers that go with it (e.g. Retry-After on a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = HTTP_MESSAGES.authenticationRequired) => new HttpError(401, message);
export const forbidden = (message: string = HTTP_MESSAGES.adminRequired) => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** The first problem of a failed parse, in the words of the schema. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return HTTP_MESSAGES.invalidRequest;
  const path = issue.path.join('.');
  // Custom messages already name what is wrong; zod's generic ones need the field.
  const generic =
    issue.message.startsWith('Invalid input') ||
    issue.message.startsWith('Invalid option') ||
    issue.message.startsWith('Too ') ||
    issue.message.startsWith('Unrecognized');
  return generic && path ? `${path}: ${issue.message}` : issue.message;
}

/** Parses a request part with a schema; a failure is a 400 with the schema's message. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeZodError(result.error));
  return result.data;
}
