import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleEntries, bundleOf } from '../src/service-bundles.ts';
import { REPO_ROOT, STACK_ENTRIES, type Launcher } from '../src/stack.ts';
import { startTestStack } from '@story/testing/test-stack';
import { signedUpClient } from '@story/testing/api-client';

/**
 * Issue 25, 1: what an image holds, tried here without a container runtime. The tracked files are
 * copied to a fresh folder (as the Dockerfiles' `COPY . .`), every entry is bundled there as the
 * images do (`infra/src/bundle.cli.ts`), then every TypeScript file is deleted (as the images'
 * last stage leaves them out) and the whole stack runs from the bundles with plain `node`: no tsx
 * loader, no source. It signs up, tells a story, and finds it again through the gateway.
 */
const image = mkdtempSync(join(tmpdir(), 'compiled-image-'));
let stack: Awaited<ReturnType<typeof startTestStack>> | undefined;

/** Every TypeScript file under `dir`, outside node_modules. */
function typeScriptFiles(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === '.cache') continue;
    if (statSync(path).isDirectory()) found.push(...typeScriptFiles(path));
    else if (/\.tsx?$/.test(name)) found.push(path);
  }
  return found;
}

// Owns its stack: it runs the compiled images' bundles from a copy of the tree, with no TypeScript.
beforeAll(async () => {
  for (const file of execFileSync('git', ['ls-files'], { cwd: REPO_ROOT, encoding: 'utf8' }).split('\n').filter(Boolean)) {
    if (!existsSync(join(REPO_ROOT, file))) continue;
    mkdirSync(dirname(join(image, file)), { recursive: true });
    cpSync(join(REPO_ROOT, file), join(image, file));
  }
  // What the image build makes besides the bundles: the speech models, the composed supergraph, the web app.
  for (const built of ['services/speech/models', 'gateway/dist', 'web/dist']) cpSync(join(REPO_ROOT, built), join(image, built), { recursive: true });
  // The installed packages, but our workspaces linked to the copies (as npm links them inside an image).
  mkdirSync(join(image, 'node_modules/@story'), { recursive: true });
  for (const name of readdirSync(join(REPO_ROOT, 'node_modules'))) {
    if (name !== '@story') symlinkSync(join(REPO_ROOT, 'node_modules', name), join(image, 'node_modules', name));
  }
  for (const name of readdirSync(join(REPO_ROOT, 'node_modules/@story'))) {
    const workspace = relative(REPO_ROOT, realpathSync(join(REPO_ROOT, 'node_modules/@story', name)));
    symlinkSync(join(image, workspace), join(image, 'node_modules/@story', name));
  }
  await bundleEntries(image, STACK_ENTRIES, join(image, 'dist'));
  for (const file of typeScriptFiles(image)) rmSync(file);

  const launcher: Launcher = { cwd: image, argsFor: async (entry) => [join(image, 'dist', bundleOf(entry))] };
  stack = await startTestStack({ launcher });
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(image, { recursive: true, force: true });
});

describe('the stack from compiled bundles alone', () => {
  it('holds no TypeScript, and runs every process with plain node', () => {
    expect(typeScriptFiles(image)).toEqual([]);
    for (const running of stack?.processes ?? []) {
      expect(running.child.spawnargs.join(' '), running.name).not.toMatch(/tsx|\.ts\b/);
      expect(running.child.spawnargs.join(' '), running.name).toContain(join(image, 'dist'));
    }
    expect(stack?.processes.map((p) => p.name).sort()).toEqual(
      ['auth', 'conversations', 'feedback', 'gateway', 'jobs', 'profile', 'search', 'speech', 'speech-worker'].sort(),
    );
  });

  it('signs up, talks, saves a story and finds it by meaning through the gateway', async () => {
    const api = await signedUpClient(stack?.gatewayUrl ?? '', 'compiled');
    const story = 'I rebuilt our billing pipeline so that invoices went out in minutes instead of days.';
    const reply = await api.post('/api/process-text', { text: story });
    expect(reply.status).toBe(200);
    const thread = await api.post('/api/conversation-threads');
    expect(thread.status).toBe(201);
    const saved = await api.post('/api/conversations', { threadId: thread.body.threadId, userMessage: story, aiResponse: 'What happened next?' });
    expect(saved.status).toBe(201);
    // The GraphQL schemas, the word vectors and the word lists are read from beside the (deleted) sources.
    await expect
      .poll(
        async () => {
          const answer = await api.post('/api/story-query', { query: 'making invoicing faster' });
          return (answer.body.relevantStories ?? []).map((found: { content: string }) => found.content).join(' ');
        },
        { timeout: 20_000, interval: 200 },
      )
      .toContain('billing pipeline');
  });
});
