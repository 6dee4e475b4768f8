import { gql, type TypedDocumentNode } from '@apollo/client';
import type { GraphqlUser, GraphqlUserPage, GraphqlUserTypeSetting, PlanFeatures, UserType } from '@story/proto';

/** A row of the users table: the contract's User as the dashboard queries it. */
export type AdminUserRow = Omit<GraphqlUser, 'isAdmin'>;
/** One tier's settings; `timeLimit` in seconds. */
export type UserTypeSettingRow = GraphqlUserTypeSetting;

const USER_FIELDS = gql`
  fragment AdminUserFields on User {
    id
    firstName
    lastName
    email
    userType
    requestedPlan
    createdAt
  }
`;

const SETTING_FIELDS = gql`
  fragment UserTypeSettingFields on UserTypeSetting {
    userType
    timeLimit
    responseType
    monthlyMinutes
    features {
      interviewPractice
      answerFeedback
      voiceReplies
      resume
      mockInterviews
      pdfExport
      publicProfile
    }
  }
`;

/** A page of the users table: its rows, how many users were found, and which page of what size. */
export type AdminUsersPage = Omit<GraphqlUserPage, 'users'> & { users: AdminUserRow[] };

/** The users whose e-mail or names hold every word of `query`, newest first, a page at a time (admins only; issue 39, 5). */
export const ADMIN_USERS_PAGE_QUERY: TypedDocumentNode<{ usersPage: AdminUsersPage }, { query?: string; page: number }> = gql`
  query AdminUsersPage($query: String, $page: Int!) {
    usersPage(query: $query, page: $page) {
      total
      page
      pageSize
      users {
        ...AdminUserFields
      }
    }
  }
  ${USER_FIELDS}
`;

/** The per-tier recording settings (admins only). */
export const USER_TYPE_SETTINGS_QUERY: TypedDocumentNode<{ userTypeSettings: UserTypeSettingRow[] }, Record<string, never>> = gql`
  query UserTypeSettings {
    userTypeSettings {
      ...UserTypeSettingFields
    }
  }
  ${SETTING_FIELDS}
`;

/** A tier's change: monthly minutes and features left out stay as they are. */
export type UpdateUserTypeSettingVariables = Pick<GraphqlUserTypeSetting, 'userType' | 'timeLimit' | 'responseType'> & {
  monthlyMinutes?: number;
  features?: Partial<PlanFeatures>;
};

/** Saves one tier's settings; the cache replaces that tier's row (keyed by userType). */
export const UPDATE_USER_TYPE_SETTING_MUTATION: TypedDocumentNode<{ updateUserTypeSetting: UserTypeSettingRow }, UpdateUserTypeSettingVariables> = gql`
  mutation UpdateUserTypeSetting($userType: UserType!, $timeLimit: Int!, $responseType: ResponseType!, $monthlyMinutes: Float, $features: PlanFeaturesInput) {
    updateUserTypeSetting(userType: $userType, timeLimit: $timeLimit, responseType: $responseType, monthlyMinutes: $monthlyMinutes, features: $features) {
      ...UserTypeSettingFields
    }
  }
  ${SETTING_FIELDS}
`;

/** A person's plan (admins only): the users table's user type. */
export const SET_USER_TYPE_MUTATION: TypedDocumentNode<{ setUserType: AdminUserRow }, { id: string; userType: UserType }> = gql`
  mutation SetUserType($id: ID!, $userType: UserType!) {
    setUserType(id: $id, userType: $userType) {
      ...AdminUserFields
    }
  }
  ${USER_FIELDS}
`;
