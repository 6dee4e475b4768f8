/** Mock interviews (issue 23), as other features link to them. */
export { mockStartPath, readinessPath } from './lib/mock-links.ts';
