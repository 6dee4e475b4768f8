/** The admin dashboard (spec section 8, "Admin"). */
export const ADMIN_MESSAGES = {
  fetchUsersFailed: 'Failed to fetch users',
  fetchSettingsFailed: 'Failed to fetch user type settings',
  settingsUpdated: 'Settings updated successfully',
  settingsUpdateFailed: 'Failed to update settings',
} as const;
