import type { OutboxEvent, SqliteDatabase, SqliteOutbox } from '@story/service-kit';
import type { AccountDeletionRepository, DeletedAccount } from './account-deletion.repository.ts';

/** Account deletion in auth.sqlite. */
export class SqliteAccountDeletionRepository implements AccountDeletionRepository {
  private readonly statements;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly outbox: SqliteOutbox,
  ) {
    this.statements = {
      sessionIds: db.prepare<[number], { id: string }>('SELECT id FROM sessions WHERE user_id = ?'),
      deleteSessions: db.prepare<[number]>('DELETE FROM sessions WHERE user_id = ?'),
      deleteResets: db.prepare<[number]>('DELETE FROM password_resets WHERE user_id = ?'),
      deletePlanRequests: db.prepare<[number]>('DELETE FROM plan_requests WHERE user_id = ?'),
      deleteUser: db.prepare<[number]>('DELETE FROM users WHERE id = ?'),
    };
  }

  async deleteAccount(userId: number, event: OutboxEvent): Promise<DeletedAccount | undefined> {
    return this.db
      .transaction((): DeletedAccount | undefined => {
        const sessionIds = this.statements.sessionIds.all(userId).map((row) => row.id);
        this.statements.deleteSessions.run(userId);
        this.statements.deleteResets.run(userId);
        this.statements.deletePlanRequests.run(userId);
        if (this.statements.deleteUser.run(userId).changes === 0) return undefined;
        this.outbox.write(event);
        return { sessionIds };
      })
      .immediate();
  }
}
