import { defineConfig } from 'vitest/config';

/**
 * One test run for the whole repository. Unit tests sit beside the code (`src/**\/*.test.ts`);
 * tests that need a real nats-server, the whole stack or Chromium live in a workspace's `test/`
 * folder and say so in their name (`*.nats.test.ts`, `*.stack.test.ts`, `*.browser.test.ts`).
 */
export default defineConfig({
  test: {
    include: ['{proto,services/*,gateway,web,infra,bench}/{src,test}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
