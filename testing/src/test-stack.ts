import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, startStack, type StackHandle, type StackOptions } from '@story/infra/src/stack.ts';

/**
 * The whole system for a test: a real nats-server, every service and the gateway, on free ports,
 * with a throw-away data folder. Child output is kept and printed only if start-up fails.
 */
export async function startTestStack(options: Partial<StackOptions> = {}): Promise<StackHandle & { dataDir: string }> {
  if (!existsSync(join(REPO_ROOT, 'web/dist/index.html'))) {
    throw new Error('web/dist is not built: run `make test` (it builds first) or `npm run build -w @story/web`');
  }
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'story-stack-'));
  const stack = await startStack({
    logLevel: 'warn',
    ...options,
    dataDir,
    env: { RATE_LIMIT_AUTH_PER_MINUTE: '1000', RATE_LIMIT_AI_PER_MINUTE: '1000', NODE_ENV: 'test', LOG_REQUESTS: 'false', ...options.env },
  });
  return {
    ...stack,
    dataDir,
    stop: async () => {
      await stack.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { REPO_ROOT, type StackHandle };
