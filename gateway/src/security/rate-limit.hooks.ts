import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiRoute } from '@story/proto';
import { HttpError } from '@story/service-kit/errors';

export const RATE_LIMIT_MESSAGE = 'Too many requests, please try again later.';
const ONE_MINUTE_MS = 60_000;

export type RateLimitBucket = NonNullable<ApiRoute['rateLimit']>;
export type RateLimitCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Who a request counts against in the AI bucket: the signed-in user, else the address. */
export type RateLimitKey = (request: FastifyRequest) => string;

/**
 * The two in-memory rate-limit buckets of the route table: 'auth' (sign-in, sign-up, check-email)
 * per IP address, 'ai' (AI replies, transcription, search) per user or, without one, per address.
 */
export async function createRateLimits(
  app: FastifyInstance,
  options: { authPerMinute: number; aiPerMinute: number; userKey: RateLimitKey },
): Promise<Record<RateLimitBucket, RateLimitCheck>> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, RATE_LIMIT_MESSAGE),
  });
  const auth = app.rateLimit({ max: options.authPerMinute, timeWindow: ONE_MINUTE_MS, keyGenerator: (request) => `auth:${request.ip}` });
  const ai = app.rateLimit({ max: options.aiPerMinute, timeWindow: ONE_MINUTE_MS, keyGenerator: (request) => `ai:${options.userKey(request)}` });
  return {
    auth: async (request, reply) => {
      await auth.call(app, request, reply);
    },
    ai: async (request, reply) => {
      await ai.call(app, request, reply);
    },
  };
}
