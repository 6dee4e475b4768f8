import type { SqliteDatabase } from './sqlite.ts';

/**
 * Each user's write version in the `quota_guards` table (`user_id INTEGER PRIMARY KEY, writes INTEGER
 * NOT NULL`), for a service that checks a quota before it writes: it reads the version, counts,
 * decides, and writes only while the version is still the one it read (see the services'
 * `untilCommitted`). Two processes on one file are kept apart by the immediate transaction.
 */
export class SqliteWriteVersions {
  private readonly statements;

  constructor(private readonly db: SqliteDatabase) {
    this.statements = {
      current: db.prepare<[number], { writes: number }>('SELECT writes FROM quota_guards WHERE user_id = ?'),
      // Moves the version on only from the one the caller read (a first write inserts it): no change, no claim.
      claim: db.prepare<[number, number]>(
        'INSERT INTO quota_guards (user_id, writes) VALUES (?, 1) ON CONFLICT (user_id) DO UPDATE SET writes = writes + 1 WHERE writes = ?',
      ),
    };
  }

  /** The user's write version (0 before their first write). */
  current(userId: number): number {
    return this.statements.current.get(userId)?.writes ?? 0;
  }

  /** Runs `write` in a transaction that first moves the user's version on from `version`, or writes nothing (undefined) when the version has moved. */
  ifCurrent<T>(userId: number, version: number, write: () => T | undefined): T | undefined {
    return this.db
      .transaction((): T | undefined => {
        if (this.statements.claim.run(userId, version).changes === 0) return undefined;
        return write();
      })
      .immediate();
  }
}
