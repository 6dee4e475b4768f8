import type { OutboxEntry, OutboxEvent, OutboxStore } from './outbox.ts';
import type { SqliteDatabase } from './sqlite.ts';
import { currentTraceparent } from './telemetry/tracing.ts';

/** The outbox table; a service's first migration includes it. */
export const OUTBOX_TABLE_SQL = `
  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    subject TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at TEXT NOT NULL,
    published_at TEXT
  );
  CREATE INDEX outbox_pending ON outbox (id) WHERE published_at IS NULL;
`;

/**
 * The column that keeps the trace context of the request that wrote an event (issue 25), added to
 * the outbox of every service's first migration, once, when the file does not have it yet.
 */
export function addTraceParentColumn(db: SqliteDatabase): void {
  const columns = db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('outbox')").all();
  if (!columns.some((column) => column.name === 'trace_parent')) db.exec('ALTER TABLE outbox ADD COLUMN trace_parent TEXT');
}

/** The outbox in a service's SQLite file. `write` joins the caller's transaction. */
export class SqliteOutbox implements OutboxStore {
  private readonly statements;

  constructor(private readonly db: SqliteDatabase) {
    addTraceParentColumn(db);
    this.statements = {
      insert: db.prepare<[string, string, string, string | null]>('INSERT INTO outbox (subject, payload, created_at, trace_parent) VALUES (?, ?, ?, ?)'),
      pending: db.prepare<[number], OutboxEntry>(
        'SELECT id, subject, payload, trace_parent AS traceParent FROM outbox WHERE published_at IS NULL ORDER BY id ASC LIMIT ?',
      ),
      markPublished: db.prepare<[string, number]>('UPDATE outbox SET published_at = ? WHERE id = ? AND published_at IS NULL'),
      countPending: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM outbox WHERE published_at IS NULL'),
      oldestPending: db.prepare<[], { created_at: string }>('SELECT created_at FROM outbox WHERE published_at IS NULL ORDER BY id ASC LIMIT 1'),
      prune: db.prepare<[string]>('DELETE FROM outbox WHERE published_at IS NOT NULL AND published_at < ?'),
    };
  }

  /** Adds an event; call it inside the transaction of the change the event describes. */
  write(event: OutboxEvent): void {
    this.statements.insert.run(event.subject, JSON.stringify(event.payload), new Date().toISOString(), currentTraceparent() ?? null);
  }

  async pendingEvents(limit: number): Promise<OutboxEntry[]> {
    return this.statements.pending.all(limit);
  }

  async markEventsPublished(ids: number[]): Promise<void> {
    const now = new Date().toISOString();
    this.db.transaction(() => {
      for (const id of ids) this.statements.markPublished.run(now, id);
    })();
  }

  async countPendingEvents(): Promise<number> {
    return this.statements.countPending.get()?.n ?? 0;
  }

  async oldestPendingAt(): Promise<string | undefined> {
    return this.statements.oldestPending.get()?.created_at;
  }

  async prunePublished(before: string): Promise<void> {
    this.statements.prune.run(before);
  }
}
