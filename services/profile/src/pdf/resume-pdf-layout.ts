import { PDF_INK } from '@story/service-kit/pdf';

/** The résumé PDF's look (on the shared fonts and paper of `@story/service-kit/pdf`): sizes, colours and spacing. */

/** Type sizes, in points. */
export const TYPE = { name: 24, contact: 9.5, heading: 10.5, roleTitle: 11, body: 10, small: 9.5 } as const;
/** Colours: the shared ink. */
export const INK = PDF_INK;
/** Vertical spaces, in points. */
export const SPACE = {
  afterName: 4,
  afterContact: 14,
  beforeHeading: 12,
  afterHeading: 7,
  betweenRoles: 9,
  afterRoleHeader: 3,
  lineGap: 1.6,
  bulletIndent: 12,
} as const;
