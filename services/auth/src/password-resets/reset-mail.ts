import { PASSWORD_RESET_MESSAGES, PRODUCT_NAME, RESET_PASSWORD_PATH } from '@story/proto';
import type { OutgoingMail } from '../mail/mailer.ts';

interface Recipient {
  email: string;
  firstName: string;
}

const greeting = (to: Recipient) => `Hello ${to.firstName.trim() || 'there'},`;
const ignoreIt = 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.';

/** The link to the "choose a new password" screen; the token rides in the fragment, which no server, log or Referer sees. */
export function resetLink(siteUrl: string, token: string): string {
  return `${siteUrl}${RESET_PASSWORD_PATH}#token=${token}`;
}

/** The e-mail with a reset link. */
export function resetLinkMail(to: Recipient, link: string): OutgoingMail {
  return {
    to: to.email,
    subject: PASSWORD_RESET_MESSAGES.mailSubject,
    text: [
      greeting(to),
      '',
      `Someone asked to reset the password of your ${PRODUCT_NAME} account (${to.email}). To choose a new password, open this link:`,
      '',
      link,
      '',
      'The link works once and expires in one hour. Choosing a new password signs you out everywhere you are signed in.',
      '',
      ignoreIt,
      '',
      `— ${PRODUCT_NAME}`,
      '',
    ].join('\n'),
  };
}

/**
 * The answer to a reset asked for an account that signs in with Google only: it has no password, so
 * no link, only how to sign in (or, where the site offers no Google sign-in, whom to ask).
 */
export function googleAccountMail(to: Recipient, siteUrl: string, googleSignInOffered: boolean): OutgoingMail {
  const howToSignIn = googleSignInOffered
    ? `To sign in, open ${siteUrl}/signup and use the Google button.`
    : 'This site does not offer Google sign-in at the moment; please ask its administrator for help.';
  return {
    to: to.email,
    subject: PASSWORD_RESET_MESSAGES.googleMailSubject,
    text: [
      greeting(to),
      '',
      `Someone asked to reset the password of your ${PRODUCT_NAME} account (${to.email}). This account signs in with Google and has no password to reset. ${howToSignIn}`,
      '',
      'If you did not ask for this, you can ignore this e-mail.',
      '',
      `— ${PRODUCT_NAME}`,
      '',
    ].join('\n'),
  };
}
