import type { OutboxEvent } from '@story/service-kit';

/** What deleting an account removed: the sessions it ended (for the gateway to forget at once). */
export interface DeletedAccount {
  sessionIds: string[];
}

/**
 * Deletes an account with everything auth keeps of it (its row, sessions and password resets) and
 * writes `events.user.deleted` to the outbox in the same transaction, so the other services forget
 * the person even when NATS is down at that moment. Both drivers pass `account-deletion.repository.contract.ts`.
 */
export interface AccountDeletionRepository {
  /** Undefined when the account does not exist (deleted already): nothing is written. */
  deleteAccount(userId: number, event: OutboxEvent): Promise<DeletedAccount | undefined>;
}
