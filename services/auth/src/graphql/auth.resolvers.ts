import {
  ACCOUNT_MESSAGES,
  idArgsSchema,
  idTextSchema,
  requestPlanArgsSchema,
  setUserTypeArgsSchema,
  updateUserTypeSettingArgsSchema,
  usersPageArgsSchema,
} from '@story/proto';
import { contextUser, forbidden, parseArgs, parseInput, unauthorized, type GraphqlContext, type registerSubgraph } from '@story/service-kit';

import type { AccountService } from '../accounts/account.service.ts';
import type { PlanChangeService } from '../accounts/plan-change.service.ts';
import type { UserRecord } from '../accounts/user.repository.ts';
import type { PlanRequestRecord } from '../plan-requests/plan-request.repository.ts';
import type { PlanRequestService } from '../plan-requests/plan-request.service.ts';
import { presentRecordingSettings, presentUserTypeSetting } from '../user-type-settings/user-type-setting.presenter.ts';
import type { UserTypeSettingsService } from '../user-type-settings/user-type-settings.service.ts';

type SubgraphResolvers = Parameters<typeof registerSubgraph>[2];

/** The `User` type of the subgraph (id as the GraphQL ID, dates as ISO strings). */
interface UserNode {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  userType: string;
  requestedPlan: string | null;
  createdAt: string;
}

const toUserNode = (user: UserRecord): UserNode => ({
  id: String(user.id),
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  isAdmin: user.isAdmin,
  userType: user.userType,
  requestedPlan: user.requestedPlan,
  createdAt: user.createdAt.toISOString(),
});

/** The `PlanRequest` type: the request with its person (a node, so the users table's row follows a grant). */
interface PlanRequestNode {
  id: string;
  userType: string;
  fromUserType: string;
  status: string;
  createdAt: string;
  decidedAt: string | null;
  user: UserNode;
}

const toPlanRequestNode = ({ request, user }: { request: PlanRequestRecord; user: UserRecord }): PlanRequestNode => ({
  id: String(request.id),
  userType: request.userType,
  fromUserType: request.fromUserType,
  status: request.status,
  createdAt: request.createdAt.toISOString(),
  decidedAt: request.decidedAt?.toISOString() ?? null,
  user: toUserNode(user),
});

/** The caller, who must be an admin (same rule as the REST admin endpoints). */
function contextAdmin(context: GraphqlContext) {
  const identity = contextUser(context);
  if (!identity.isAdmin) throw forbidden();
  return identity;
}

/** Resolvers of `proto/graphql/auth.graphql`; each delegates to the same services as REST. */
export function authResolvers({
  accounts,
  settings,
  plans,
  planRequests,
}: {
  accounts: AccountService;
  settings: UserTypeSettingsService;
  plans: PlanChangeService;
  planRequests: PlanRequestService;
}): SubgraphResolvers {
  /** The caller's own request as a node: the caller is its person. */
  const ownRequest = async (userId: number, request: PlanRequestRecord): Promise<PlanRequestNode> => {
    const user = await accounts.findUser(userId);
    if (!user) throw unauthorized();
    return toPlanRequestNode({ request, user });
  };
  return {
    Query: {
      me: async (_parent: unknown, _args: unknown, context: GraphqlContext): Promise<UserNode | null> => {
        if (!context.identity) return null;
        const user = await accounts.findUser(context.identity.userId);
        return user ? toUserNode(user) : null;
      },
      users: async (_parent: unknown, _args: unknown, context: GraphqlContext): Promise<UserNode[]> => {
        contextAdmin(context);
        return (await accounts.listUsers()).map(toUserNode);
      },
      usersPage: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        contextAdmin(context);
        const { query, page } = parseArgs(usersPageArgsSchema, args);
        const found = await accounts.searchUsers({ query, page: page ?? 1 });
        return { ...found, users: found.users.map(toUserNode) };
      },
      userTypeSettings: async (_parent: unknown, _args: unknown, context: GraphqlContext) => {
        contextAdmin(context);
        return (await settings.list()).map(presentUserTypeSetting);
      },
      myRecordingSettings: async (_parent: unknown, _args: unknown, context: GraphqlContext) => {
        const identity = contextUser(context);
        const mine = await settings.forUser(identity.userId);
        if (!mine) throw unauthorized();
        return presentRecordingSettings(mine);
      },
      plans: async (_parent: unknown, _args: unknown, context: GraphqlContext) => {
        contextUser(context);
        return (await settings.list()).map(presentUserTypeSetting);
      },
      myPlan: async (_parent: unknown, _args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        const mine = await planRequests.mine(userId);
        return {
          userType: mine.userType,
          request: mine.request && (await ownRequest(userId, mine.request)),
          decision: mine.decision && (await ownRequest(userId, mine.decision)),
        };
      },
      planRequests: async (_parent: unknown, _args: unknown, context: GraphqlContext): Promise<PlanRequestNode[]> => {
        contextAdmin(context);
        return (await planRequests.listOpen()).map(toPlanRequestNode);
      },
    },
    Mutation: {
      updateUserTypeSetting: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        contextAdmin(context);
        const { userType, ...change } = parseArgs(updateUserTypeSettingArgsSchema, args);
        return presentUserTypeSetting(await settings.update(userType, change));
      },
      setUserType: async (_parent: unknown, args: unknown, context: GraphqlContext): Promise<UserNode> => {
        const admin = contextAdmin(context);
        const { id, userType } = parseArgs(setUserTypeArgsSchema, args);
        return toUserNode(await plans.changePlan(id, userType, 'admin', admin.userId));
      },
      requestPlan: async (_parent: unknown, args: unknown, context: GraphqlContext): Promise<PlanRequestNode> => {
        const { userId } = contextUser(context);
        const { userType } = parseArgs(requestPlanArgsSchema, args);
        return ownRequest(userId, await planRequests.ask(userId, userType));
      },
      withdrawPlanRequest: async (_parent: unknown, _args: unknown, context: GraphqlContext): Promise<PlanRequestNode> => {
        const { userId } = contextUser(context);
        return ownRequest(userId, await planRequests.withdraw(userId));
      },
      acknowledgePlanRequest: async (_parent: unknown, args: unknown, context: GraphqlContext): Promise<PlanRequestNode> => {
        const { userId } = contextUser(context);
        const { id } = parseArgs(idArgsSchema, args);
        return ownRequest(userId, await planRequests.acknowledge(userId, id));
      },
      grantPlanRequest: async (_parent: unknown, args: unknown, context: GraphqlContext): Promise<PlanRequestNode> => {
        const admin = contextAdmin(context);
        const { id } = parseArgs(idArgsSchema, args);
        return toPlanRequestNode(await planRequests.grant(id, admin.userId));
      },
      refusePlanRequest: async (_parent: unknown, args: unknown, context: GraphqlContext): Promise<PlanRequestNode> => {
        const admin = contextAdmin(context);
        const { id } = parseArgs(idArgsSchema, args);
        return toPlanRequestNode(await planRequests.refuse(id, admin.userId));
      },
    },
    User: {
      // Another subgraph names a user by id: only that user or an admin may see the account.
      __resolveReference: async (reference: { id: unknown }, context: GraphqlContext): Promise<UserNode | null> => {
        const identity = contextUser(context);
        const id = parseInput(idTextSchema, reference.id);
        if (id !== identity.userId && !identity.isAdmin) throw forbidden(ACCOUNT_MESSAGES.onlyOwnAccount);
        const user = await accounts.findUser(id);
        return user ? toUserNode(user) : null;
      },
    },
  };
}
