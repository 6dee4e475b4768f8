import { notifySuccess } from '../../components/toast/notify.ts';

/** Where the message of a deleted account waits across the full page load of signing out. */
const FAREWELL_KEY = 'story.account-deleted';

/** Keeps the deletion's message for the page signing out lands on. */
export function leaveFarewell(message: string): void {
  window.sessionStorage.setItem(FAREWELL_KEY, message);
}

/** Shows the kept message once, as a "Success" toast, if an account was just deleted. */
export function showFarewell(): void {
  const message = window.sessionStorage.getItem(FAREWELL_KEY);
  if (!message) return;
  window.sessionStorage.removeItem(FAREWELL_KEY);
  notifySuccess(message);
}
