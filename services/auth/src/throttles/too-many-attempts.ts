import { HttpError, rateLimitRefusals, type ServiceApp } from '@story/service-kit';

/**
 * A 429 that says when to try again; its `Retry-After` header is added by `registerRetryAfter`.
 * Making one counts a refusal of `limiter` in `story_rate_limit_refusals_total`.
 */
export class TooManyAttemptsError extends HttpError {
  constructor(
    limiter: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
    this.name = 'TooManyAttemptsError';
    rateLimitRefusals.inc({ limiter });
  }
}

/** Adds `Retry-After` to every 429 a throttle answers (the kit's error handler sends only `{ message }`). */
export function registerRetryAfter(app: ServiceApp): void {
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyAttemptsError) void reply.header('retry-after', String(error.retryAfterSeconds));
  });
}
