import type { Connection } from 'mongoose';
import type { MongoOutbox, OutboxEvent } from '@story/service-kit';
import type { AccountDeletionRepository, DeletedAccount } from './account-deletion.repository.ts';

/** Account deletion in auth's MongoDB database (a replica set: the deletion and its event share a transaction). */
export class MongoAccountDeletionRepository implements AccountDeletionRepository {
  constructor(
    private readonly connection: Connection,
    private readonly outbox: MongoOutbox,
  ) {}

  /** Nothing to make: the users and sessions repositories make their collections. */
  async init(): Promise<void> {}

  async deleteAccount(userId: number, event: OutboxEvent): Promise<DeletedAccount | undefined> {
    const users = this.connection.collection<{ _id: number }>('users');
    const sessions = this.connection.collection<{ _id: string; userId: number }>('sessions');
    const resets = this.connection.collection<{ _id: number; userId: number }>('password_resets');
    return this.connection.transaction(async (session): Promise<DeletedAccount | undefined> => {
      const sessionIds = (await sessions.find({ userId }, { session, projection: { _id: 1 } }).toArray()).map((doc) => doc._id);
      await sessions.deleteMany({ userId }, { session });
      await resets.deleteMany({ userId }, { session });
      await this.connection.collection('plan_requests').deleteMany({ userId }, { session });
      if ((await users.deleteOne({ _id: userId }, { session })).deletedCount === 0) return undefined;
      await this.outbox.write(event, session);
      return { sessionIds };
    });
  }
}
