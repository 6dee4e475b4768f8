import { SUBJECTS, serviceUnavailableMessage, snippetOwnerReplySchema } from '@story/proto';
import { HttpError, notFound, timedRequest, type NatsLink } from '@story/service-kit';
import type { SnippetOwners } from '../snippet-conversations/snippet-conversation.service.ts';

const JOBS_UNAVAILABLE = serviceUnavailableMessage('jobs');
const REQUEST_TIMEOUT_MS = 3000;

/** Asks the jobs service (NATS request/reply) whether a snippet belongs to a user: this service never reads jobs' data. */
export class SnippetOwnerClient implements SnippetOwners {
  constructor(private readonly nats: NatsLink) {}

  /** The snippet's text when it is the user's; 404 when it is not; 503 when nobody answers. */
  async requireOwned(snippetId: number, userId: number): Promise<{ snippetText: string; jobDescriptionId: number }> {
    const nc = this.nats.nc;
    if (!nc) throw new HttpError(503, JOBS_UNAVAILABLE);
    let raw: unknown;
    try {
      const message = await timedRequest(nc, SUBJECTS.snippetOwner, JSON.stringify({ snippetId, userId }), { timeout: REQUEST_TIMEOUT_MS });
      raw = message.json();
    } catch {
      // No responder, a timeout or a dropped connection all mean the same to the caller.
      throw new HttpError(503, JOBS_UNAVAILABLE);
    }
    const reply = snippetOwnerReplySchema.safeParse(raw);
    if (!reply.success) throw new HttpError(503, JOBS_UNAVAILABLE);
    if (!reply.data.ok) throw notFound(reply.data.message);
    return { snippetText: reply.data.snippetText, jobDescriptionId: reply.data.jobDescriptionId };
  }
}
