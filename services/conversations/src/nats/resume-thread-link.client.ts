import type { FastifyBaseLogger } from 'fastify';
import { SUBJECTS, resumeThreadLinkReplySchema, type ResumeBulletRef } from '@story/proto';
import { ask, type NatsLink } from '@story/service-kit';

const LINK_TIMEOUT_MS = 3000;
/** Links remembered as told, most recent kept: a link told twice (after a restart, or by another instance) is harmless, profile keeps it once. */
const REMEMBERED_LINKS = 10_000;

/**
 * Tells the profile service (`profile.resume.thread-link`) that a thread tells the story behind a
 * résumé bullet, once per thread and bullet. A failure (profile down, a refusal) is logged, and the
 * next save of the thread tries again; saving never waits for it.
 */
export class ResumeThreadLinker {
  private readonly told = new Set<string>();
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly nats: NatsLink,
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = LINK_TIMEOUT_MS,
  ) {}

  /** Links the thread to the bullet unless it already was (or is being); resolves when done, and never rejects. */
  link(userId: number, threadId: number, bullet: ResumeBulletRef): Promise<void> {
    const key = `${userId}:${threadId}:${bullet.resumeId}:${bullet.bulletId}`;
    if (this.told.has(key)) return Promise.resolve();
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const attempt = this.tell({ userId, threadId, ...bullet })
      .then((linked) => {
        if (linked) this.remember(key);
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, attempt);
    return attempt;
  }

  /** Resolves once every link on its way is done (the service closing, a test). */
  async settled(): Promise<void> {
    await Promise.all([...this.inFlight.values()]);
  }

  private async tell(request: { userId: number; threadId: number; resumeId: number; bulletId: string }): Promise<boolean> {
    let raw: unknown;
    try {
      raw = await ask(this.nats, 'profile', SUBJECTS.resumeThreadLink, request, this.timeoutMs);
    } catch (error) {
      this.log.warn({ err: error, threadId: request.threadId }, 'profile did not answer: the thread is linked to its résumé bullet at its next save');
      return false;
    }
    const reply = resumeThreadLinkReplySchema.safeParse(raw);
    if (reply.success && reply.data.ok) return true;
    const message = reply.success && !reply.data.ok ? reply.data.message : 'an answer of unknown shape';
    this.log.warn({ threadId: request.threadId, message }, 'profile did not link the thread to its résumé bullet: tried again at its next save');
    return false;
  }

  private remember(key: string): void {
    this.told.add(key);
    if (this.told.size <= REMEMBERED_LINKS) return;
    const oldest = this.told.values().next();
    if (!oldest.done) this.told.delete(oldest.value);
  }
}
