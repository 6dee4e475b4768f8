import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SUBGRAPHS } from '@story/proto/graphql';
import { SupergraphError, composeSupergraph, loadSupergraph, subgraphsFingerprint } from './supergraph.ts';

const dir = mkdtempSync(join(tmpdir(), 'supergraph-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('supergraph', () => {
  it('composes every subgraph of proto/graphql, fingerprint first', () => {
    const sdl = composeSupergraph();
    expect(sdl.split('\n')[0]).toBe(`# subgraphs-sha256: ${subgraphsFingerprint()}`);
    for (const name of SUBGRAPHS) expect(sdl).toContain(`@join__graph(name: "${name}"`);
    expect(sdl).toMatch(/type Query/);
    expect(sdl).toMatch(/me: User/);
    expect(sdl).toMatch(/threads\(deleted: Boolean\): \[Thread!\]!/);
  });

  it('loads a current supergraph file', () => {
    const path = join(dir, 'current.graphql');
    const sdl = composeSupergraph();
    writeFileSync(path, sdl);
    expect(loadSupergraph(path)).toBe(sdl);
  });

  it('refuses a missing file, naming the command that makes it', () => {
    expect(() => loadSupergraph(join(dir, 'missing.graphql'))).toThrow(SupergraphError);
    expect(() => loadSupergraph(join(dir, 'missing.graphql'))).toThrow(/npm run compose -w @story\/gateway/);
  });

  it('refuses a file composed from other subgraph SDLs', () => {
    const path = join(dir, 'stale.graphql');
    writeFileSync(path, composeSupergraph().replace(/^# subgraphs-sha256: [0-9a-f]+/, `# subgraphs-sha256: ${'0'.repeat(64)}`));
    expect(() => loadSupergraph(path)).toThrow(/out of date/);
  });
});
