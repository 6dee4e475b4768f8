/** The month's minutes and what the plan includes (issue 21), as other features show them. */
export { useLockedFeatures, useUsage, useUsersUsage } from './api/usage.api.ts';
export { UsageMeter } from './usage-meter.tsx';
