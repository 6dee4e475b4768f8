/** The account feature's API for other features: the message after a deleted account, shown where signing out lands. */
export { showFarewell } from './farewell.ts';
