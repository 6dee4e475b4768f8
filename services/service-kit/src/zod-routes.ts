import type { FastifyTypeProvider } from 'fastify';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';
import { HttpError, describeZodError } from './errors.ts';

/**
 * Routes declare their params, query, body and responses with the zod schemas of `proto/`; this
 * type provider gives handlers the parsed types (`z.output`) and checks replies against `z.input`.
 * (The same few lines as `fastify-type-provider-zod`, without its OpenAPI peer dependencies.)
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

const isZodSchema = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

/**
 * Parses each request part with its schema. A failure is a 400 whose message is the schema's own
 * (the specification's words); a missing body is read as `{}` so that a bodiless POST gets the
 * field's message ("Please enter some text before submitting.") rather than a type error.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (!isZodSchema(schema)) throw new Error(`route schema for ${httpPart ?? 'a request part'} must be a zod schema`);
  return (data: unknown) => {
    const input = httpPart === 'body' && (data === null || data === undefined) ? {} : data;
    const result = schema.safeParse(input);
    return result.success ? { value: result.data } : { error: new HttpError(400, describeZodError(result.error)) };
  };
};

/** The reply of a route that declares a response schema, parsed (unknown keys stripped) then serialised. */
export const zodSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, url, method }) => {
  if (!isZodSchema(schema)) throw new Error(`response schema of ${method} ${url} must be a zod schema`);
  return (data: unknown) => {
    const result = schema.safeParse(data);
    // A reply that breaks the contract is our bug: a 500 that names the route, never a leak.
    if (!result.success) throw new Error(`response of ${method} ${url} does not match its schema: ${describeZodError(result.error)}`);
    return JSON.stringify(result.data);
  };
};
