import { useCallback } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { UserType } from '@story/proto';
import {
  ADMIN_USERS_PAGE_QUERY,
  SET_USER_TYPE_MUTATION,
  UPDATE_USER_TYPE_SETTING_MUTATION,
  USER_TYPE_SETTINGS_QUERY,
  type UpdateUserTypeSettingVariables,
} from './admin.graphql.ts';

/** One page of the registered users the search finds, newest first (admins only); the previous page stays on screen while the next loads. */
export function useAdminUsersPage(query: string, page: number) {
  return useQuery(ADMIN_USERS_PAGE_QUERY, { variables: { query: query || undefined, page } });
}

/** The per-tier recording settings (admins only). */
export function useUserTypeSettings() {
  return useQuery(USER_TYPE_SETTINGS_QUERY);
}

/** Saves one tier's settings; the cache replaces that tier's row (keyed by userType). */
export function useUpdateUserTypeSetting(): (setting: UpdateUserTypeSettingVariables) => Promise<void> {
  const [updateSetting] = useMutation(UPDATE_USER_TYPE_SETTING_MUTATION);
  return useCallback(
    async (variables) => {
      await updateSetting({ variables });
    },
    [updateSetting],
  );
}

/** Sets a person's plan; the cache replaces that user's row. */
export function useSetUserType(): (id: string, userType: UserType) => Promise<void> {
  const [setUserType] = useMutation(SET_USER_TYPE_MUTATION);
  return useCallback(
    async (id, userType) => {
      await setUserType({ variables: { id, userType } });
    },
    [setUserType],
  );
}
