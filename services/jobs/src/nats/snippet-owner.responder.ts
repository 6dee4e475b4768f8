import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { JOB_MESSAGES, QUEUE_GROUPS, SUBJECTS, type snippetOwnerReplySchema, snippetOwnerRequestSchema } from '@story/proto';
import { describeZodError, startResponders } from '@story/service-kit';
import type { SnippetService } from '../snippets/snippet.service.ts';

type SnippetOwnerReply = z.infer<typeof snippetOwnerReplySchema>;

/** Answers "does snippet N belong to user U, and what does it say?" A malformed question is answered "no". */
export async function answerSnippetOwner(snippets: SnippetService, body: unknown): Promise<SnippetOwnerReply> {
  const request = snippetOwnerRequestSchema.safeParse(body);
  if (!request.success) return { ok: false, message: describeZodError(request.error) };
  const snippet = await snippets.ownedBy(request.data.snippetId, request.data.userId);
  if (!snippet) return { ok: false, message: JOB_MESSAGES.snippetNotFound };
  return { ok: true, snippetText: snippet.snippetText, jobDescriptionId: snippet.jobDescriptionId };
}

/**
 * Serves `jobs.snippet.owner` in the `jobs` queue group (more jobs processes, more capacity).
 * Returns a function that stops listening and waits for answers in flight.
 */
export function startSnippetOwnerResponder(nc: NatsConnection, snippets: SnippetService, log: FastifyBaseLogger): () => Promise<void> {
  // A failure goes unanswered rather than a wrong "no": the asker reports the jobs service unavailable (503), not the snippet missing (404).
  return startResponders(nc, QUEUE_GROUPS.jobs, [{ subject: SUBJECTS.snippetOwner, answer: (body) => answerSnippetOwner(snippets, body) }], log);
}
