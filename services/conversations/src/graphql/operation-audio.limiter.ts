import { SAVED_CONVERSATION_BODY_LIMIT, THREAD_MESSAGES } from '@story/proto';
import { badRequest } from '@story/service-kit';

/** Base64 characters of `bytes` bytes. */
const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

/**
 * How much spoken-reply audio one GraphQL operation may return in `ThreadItem.audioResponse`: no
 * more than one save may carry, so a query for every item's audio cannot rebuild the 90 MB answer
 * of issue 7. Operations are told apart by their context object, which lives as long as the request.
 */
export class OperationAudioLimiter {
  private readonly served = new WeakMap<object, number>();

  constructor(private readonly limitChars: number = SAVED_CONVERSATION_BODY_LIMIT) {}

  /** Counts a reply of `bytes` bytes against the operation, or refuses it (400) past the limit. */
  take(operation: object, bytes: number): void {
    const total = (this.served.get(operation) ?? 0) + base64Length(bytes);
    if (total > this.limitChars) throw badRequest(THREAD_MESSAGES.audioPerQueryLimit);
    this.served.set(operation, total);
  }
}
