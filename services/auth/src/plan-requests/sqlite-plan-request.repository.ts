import { planRequestStatusSchema, userTypeSchema } from '@story/proto';
import type { SqliteDatabase } from '@story/service-kit';
import {
  OpenPlanRequestError,
  type NewPlanRequest,
  type PlanRequestDecision,
  type PlanRequestRecord,
  type PlanRequestRepository,
} from './plan-request.repository.ts';

interface PlanRequestRow {
  id: number;
  user_id: number;
  user_type: string;
  from_user_type: string;
  status: string;
  created_at: string;
  decided_at: string | null;
  decided_by: number | null;
  told_at: string | null;
}

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

const toRequest = (row: PlanRequestRow): PlanRequestRecord => ({
  id: row.id,
  userId: row.user_id,
  userType: userTypeSchema.parse(row.user_type),
  fromUserType: userTypeSchema.parse(row.from_user_type),
  status: planRequestStatusSchema.parse(row.status),
  createdAt: new Date(row.created_at),
  decidedAt: dateOrNull(row.decided_at),
  decidedBy: row.decided_by,
  toldAt: dateOrNull(row.told_at),
});

const isOpenRequestConflict = (error: unknown) =>
  error instanceof Error && (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('plan_requests.user_id');

/**
 * Plan requests in auth.sqlite; the partial unique index `plan_requests_one_open` keeps one open per
 * person. The account's `requested_plan` mirrors the open request, in the same transaction.
 */
export class SqlitePlanRequestRepository implements PlanRequestRepository {
  constructor(private readonly db: SqliteDatabase) {}

  async open(request: NewPlanRequest, at: Date): Promise<PlanRequestRecord> {
    const opened = this.db.transaction(() => {
      const row = this.db
        .prepare<[number, string, string, string], PlanRequestRow>(
          `INSERT INTO plan_requests (user_id, user_type, from_user_type, status, created_at) VALUES (?, ?, ?, 'open', ?) RETURNING *`,
        )
        .get(request.userId, request.userType, request.fromUserType, at.toISOString());
      if (!row) throw new Error('insert returned no row');
      this.db.prepare<[string, number]>('UPDATE users SET requested_plan = ? WHERE id = ?').run(request.userType, request.userId);
      return row;
    });
    try {
      return toRequest(opened());
    } catch (error) {
      if (isOpenRequestConflict(error)) throw new OpenPlanRequestError();
      throw error;
    }
  }

  async findById(id: number): Promise<PlanRequestRecord | undefined> {
    const row = this.db.prepare<[number], PlanRequestRow>('SELECT * FROM plan_requests WHERE id = ?').get(id);
    return row && toRequest(row);
  }

  async findOpen(userId: number): Promise<PlanRequestRecord | undefined> {
    const row = this.db.prepare<[number], PlanRequestRow>(`SELECT * FROM plan_requests WHERE user_id = ? AND status = 'open'`).get(userId);
    return row && toRequest(row);
  }

  async decide(id: number, decision: PlanRequestDecision): Promise<PlanRequestRecord | undefined> {
    const at = decision.at.toISOString();
    const decided = this.db.transaction(() => {
      const row = this.db
        .prepare<[string, string, number | null, string | null, number], PlanRequestRow>(
          `UPDATE plan_requests SET status = ?, decided_at = ?, decided_by = ?, told_at = ? WHERE id = ? AND status = 'open' RETURNING *`,
        )
        .get(decision.status, at, decision.decidedBy, decision.told ? at : null, id);
      if (row) this.db.prepare<[number]>('UPDATE users SET requested_plan = NULL WHERE id = ?').run(row.user_id);
      return row;
    });
    const row = decided();
    return row && toRequest(row);
  }

  async findUntold(userId: number): Promise<PlanRequestRecord | undefined> {
    const row = this.db
      .prepare<[number], PlanRequestRow>(
        `SELECT * FROM plan_requests WHERE user_id = ? AND status IN ('granted', 'refused') AND told_at IS NULL ORDER BY decided_at DESC, id DESC LIMIT 1`,
      )
      .get(userId);
    return row && toRequest(row);
  }

  async markTold(id: number, userId: number, at: Date): Promise<PlanRequestRecord | undefined> {
    const stamp = at.toISOString();
    const told = this.db.transaction(() => {
      const row = this.db
        .prepare<[string, number, number], PlanRequestRow>(
          `UPDATE plan_requests SET told_at = COALESCE(told_at, ?) WHERE id = ? AND user_id = ? AND status <> 'open' RETURNING *`,
        )
        .get(stamp, id, userId);
      if (row) {
        this.db
          .prepare<[string, number, number]>(`UPDATE plan_requests SET told_at = ? WHERE user_id = ? AND id < ? AND status <> 'open' AND told_at IS NULL`)
          .run(stamp, userId, id);
      }
      return row;
    });
    const row = told();
    return row && toRequest(row);
  }

  async listOpen(): Promise<PlanRequestRecord[]> {
    return this.db.prepare<[], PlanRequestRow>(`SELECT * FROM plan_requests WHERE status = 'open' ORDER BY created_at, id`).all().map(toRequest);
  }

  async listForUser(userId: number): Promise<PlanRequestRecord[]> {
    return this.db
      .prepare<[number], PlanRequestRow>('SELECT * FROM plan_requests WHERE user_id = ? ORDER BY created_at DESC, id DESC')
      .all(userId)
      .map(toRequest);
  }
}
