import { ACCOUNT_MESSAGES, idTextSchema, setUserTypeArgsSchema, updateUserTypeSettingArgsSchema, usersPageArgsSchema } from '@story/proto';
import { contextUser, forbidden, parseArgs, parseInput, unauthorized, type GraphqlContext, type registerSubgraph } from '@story/service-kit';

import type { AccountService } from '../accounts/account.service.ts';
import type { PlanChangeService } from '../accounts/plan-change.service.ts';
import type { UserRecord } from '../accounts/user.repository.ts';
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
}: {
  accounts: AccountService;
  settings: UserTypeSettingsService;
  plans: PlanChangeService;
}): SubgraphResolvers {
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
    },
    Mutation: {
      updateUserTypeSetting: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        contextAdmin(context);
        const { userType, ...change } = parseArgs(updateUserTypeSettingArgsSchema, args);
        return presentUserTypeSetting(await settings.update(userType, change));
      },
      setUserType: async (_parent: unknown, args: unknown, context: GraphqlContext): Promise<UserNode> => {
        contextAdmin(context);
        const { id, userType } = parseArgs(setUserTypeArgsSchema, args);
        return toUserNode(await plans.changePlan(id, userType, 'admin'));
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
