import { PRODUCT_NAME } from './common.ts';

/** The public profile (issue 24, point 4): what the editor and the API say when something is wrong or done. */
export const PUBLIC_PROFILE_MESSAGES = {
  nameTooShort: 'A profile name must be at least 3 characters.',
  nameTooLong: 'A profile name must be at most 40 characters.',
  nameCharacters: 'A profile name may use only the letters a–z, digits and single hyphens, and cannot start or end with a hyphen.',
  nameReserved: 'That name is reserved. Please choose another.',
  nameStaffWords: `A profile name cannot contain admin, support, official, staff, moderator or ${PRODUCT_NAME}: it would look like the site speaking. Please choose another.`,
  nameTaken: 'That name is taken',
  nameChangesTooMany: 'You have changed your profile name too often. Please try again in an hour.',
  roleNotOnResume: 'A chosen role is not on your current résumé. Reload the editor and choose again.',
  headlineRequired: 'Please write a headline.',
  nameRequired: 'Please write the name to show on your profile.',
  storyTitleRequired: 'Each story needs a title.',
  storySummaryRequired: 'Each story needs a short summary.',
  published: 'Your profile is published.',
  takenDown: 'Your profile was taken down.',
  notPublished: 'You have not published a profile.',
  pageNotFound: 'This profile does not exist or was taken down.',
} as const;
