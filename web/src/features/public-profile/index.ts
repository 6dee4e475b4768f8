/** The public profile (issue 24), as other features link to it. */
export const PUBLIC_PROFILE_PATH = '/profile';
