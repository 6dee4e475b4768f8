import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 41, 5: contracts are only contracts. proto/ holds schemas, subjects, routes, user-facing texts, GraphQL SDL
 * and their zod mirrors, and the few validation and format rules the web app and the services must apply alike.
 * Logic one service uses lives in that service; logic several services share, in its own workspace (language
 * analysis and the word vectors: `language/`). A new file here is one of the kinds below, or the list grows in
 * review with the reason; ESLint (eslint.config.js) holds what these files may import.
 */
const PROTO = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(PROTO, 'src');

/** What proto/ holds at its top: sources, SDL, the script that makes the common-password list, its README. */
const TOP_LEVEL = ['README.md', 'graphql', 'node_modules', 'package.json', 'scripts', 'src'];

/** Contract kinds by place and name: REST bodies, user-facing texts, NATS subjects and their messages. */
const CONTRACT_KINDS: readonly { kind: string; pattern: RegExp }[] = [
  { kind: 'REST bodies (zod)', pattern: /^api\/[a-z-]+\.ts$/ },
  { kind: 'user-facing texts', pattern: /^messages\/[a-z-]+\.ts$/ },
  { kind: 'NATS subjects and messages', pattern: /^([a-z-]+-)?subjects\.ts$/ },
];

/** The other contracts, each named: what it is a contract of. */
const NAMED_CONTRACTS: Record<string, string> = {
  'index.ts': 'the package export',
  'services.ts': 'the service registry',
  'routes.ts': 'the /api route table and public pages',
  'nats-rights.ts': "each NATS user's permissions",
  'graphql.ts': 'the subgraphs and their SDL (graphql/*.graphql)',
  'graphql-types.ts': 'zod mirrors of the SDL types',
  'graphql-args.ts': "zod schemas of the graph's arguments",
  'identity.ts': "the gateway's identity header and token",
  'session.ts': "the session token's claims",
  'ids.ts': 'id schemas',
  'story-keys.ts': "the key of events.story.saved's stories",
  'speech-script.ts': "the scripted speech engine's file, written by testing/ and read by speech",
  'validation.ts': 'the sign-up and form rules web and services share',
  'common-passwords.ts': 'the common-password rule of sign-up (web and auth)',
  'common-password-list.ts': 'its list (made by scripts/build-common-password-list.ts)',
  'password-folding.ts': 'how the rule and its list fold a password',
  'plain-text.ts': 'hidden characters, refused by the résumé and profile schemas',
  'spoken-reply.ts': "a spoken reply's encoding, checked by the thread schemas, joined by web and speech",
  'mp3-audio.ts': 'what a spoken reply must be (MP3 frames), for spoken-reply.ts',
  'word-timings.ts': "how a reply's words are split and timed, alike in speech and web",
};

/** Tests that check a contract file of another name. */
const CONTRACT_TESTS = ['scope.test.ts', 'speech-vocabulary.test.ts'];

/** Every file under `dir`, by its path from `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path).map((file) => `${name}/${file}`) : [name];
  });
}

/** What kind of contract `file` (a path under src/) is, or undefined when it is none. */
function contractKindOf(file: string): string | undefined {
  if (file.endsWith('.test.ts')) {
    if (file.endsWith('.eval.test.ts') || file.endsWith('-evaluation.test.ts')) return undefined;
    if (CONTRACT_TESTS.includes(file)) return 'a test of contracts';
    return contractKindOf(file.replace(/\.test\.ts$/, '.ts')) && 'the test of a contract';
  }
  return CONTRACT_KINDS.find(({ pattern }) => pattern.test(file))?.kind ?? NAMED_CONTRACTS[file];
}

describe("proto's scope: contracts only", () => {
  it('holds only sources, SDL, its scripts and README at its top (no assets, no evaluation sets)', () => {
    expect(readdirSync(PROTO).filter((name) => !TOP_LEVEL.includes(name))).toEqual([]);
  });

  it('holds in src/ only files of a contract kind, and their tests', () => {
    const outside = filesUnder(SRC).filter((file) => contractKindOf(file) === undefined);
    expect(outside, 'not a contract: move it to the service that uses it, or to language/ if several services share it').toEqual([]);
  });

  it('tells a contract from logic by place and name', () => {
    expect(contractKindOf('api/threads.ts')).toBe('REST bodies (zod)');
    expect(contractKindOf('resume-subjects.ts')).toBe('NATS subjects and messages');
    expect(contractKindOf('validation.test.ts')).toBe('the test of a contract');
    for (const logic of [
      'story-analysis/story-signals.ts',
      'story-analysis/index.ts',
      'word-vectors.ts',
      'public-profile/profile-page.ts',
      'api/nested/x.ts',
    ]) {
      expect(contractKindOf(logic), logic).toBeUndefined();
    }
    expect(contractKindOf('non-answers.eval.test.ts')).toBeUndefined();
  });
});
