import type { ExportedAccount, ExportedSessions } from '@story/proto';
import { jsonFile, type ExportFile, type ExportSource } from '@story/service-kit';
import { presentAdminUser } from '../accounts/user.presenter.ts';
import type { UserRepository } from '../accounts/user.repository.ts';
import { presentPlanRequest } from '../plan-requests/plan-request.presenter.ts';
import type { PlanRequestRepository } from '../plan-requests/plan-request.repository.ts';
import type { SessionRepository } from '../sessions/session.repository.ts';
import type { UserTypeSettingsService } from '../user-type-settings/user-type-settings.service.ts';

/** Auth's part of the data export: the account (never its password hash or Google id) with its plan and plan requests, and its sessions. */
export class AuthExportSource implements ExportSource {
  constructor(
    private readonly deps: {
      users: UserRepository;
      sessions: SessionRepository;
      settings: Pick<UserTypeSettingsService, 'forUser'>;
      planRequests: PlanRequestRepository;
    },
  ) {}

  async keys(userId: number): Promise<string[]> {
    return (await this.deps.users.findUserById(userId)) ? ['account'] : [];
  }

  async files(userId: number): Promise<ExportFile[]> {
    const user = await this.deps.users.findUserById(userId);
    const plan = await this.deps.settings.forUser(userId);
    if (!user || !plan) return [];
    const [sessions, planRequests] = await Promise.all([this.deps.sessions.listUserSessions(userId), this.deps.planRequests.listForUser(userId)]);
    const account: ExportedAccount = { account: presentAdminUser(user), plan, planRequests: planRequests.map(presentPlanRequest) };
    const signIns: ExportedSessions = {
      sessions: sessions.map((session) => ({
        createdAt: session.createdAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
        revokedAt: session.revokedAt?.toISOString() ?? null,
      })),
    };
    return [jsonFile('account.json', account), jsonFile('sessions.json', signIns)];
  }
}
