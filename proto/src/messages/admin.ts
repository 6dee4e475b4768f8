/** The admin dashboard (spec section 8, "Admin"). */
export const ADMIN_MESSAGES = {
  fetchUsersFailed: 'Failed to fetch users',
  fetchSettingsFailed: 'Failed to fetch user type settings',
  settingsUpdated: 'Settings updated successfully',
  settingsUpdateFailed: 'Failed to update settings',
  // Issue 39, 5: the users table's search, pages and plan changes.
  searchLabel: 'Search users',
  searchPlaceholder: 'Name or email',
  searchButton: 'Search',
  noUsersFound: 'No users match your search.',
  planChangeFailed: 'Failed to change the plan',
  changePlanConfirm: 'Change plan',
  changePlanCancel: 'Cancel',
  previousPage: 'Previous page',
  nextPage: 'Next page',
} as const;

/** The confirmation's title before a person's plan changes: "Change Ada Lovelace's plan?" */
export const changePlanTitle = (person: string) => `Change ${person}'s plan?`;

/** What the confirmation says will happen: who, from which plan to which, and that it takes effect at once. */
export const changePlanDescription = (person: string, email: string, from: string, to: string) =>
  `${person} (${email}) moves from ${from} to ${to}. Their monthly minutes and features change at once.`;

/** The toast once a plan changed. */
export const planChangedMessage = (email: string, plan: string) => `${email} is now on ${plan}`;

/** Where the users table stands: "Users 21–40 of 45" (or how many the search found). */
export const usersRangeText = (first: number, last: number, total: number) => (total === 0 ? 'No users' : `Users ${first}–${last} of ${total}`);

/** The pager's place: "Page 2 of 3". */
export const usersPageText = (page: number, pages: number) => `Page ${page} of ${pages}`;
