import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SERVICE_REGISTRY } from '@story/proto';
import { CONFIG_DOCS_FILES, documentVariable, makeConfigDocs, undescribedVariables, wrapText } from './config-docs.ts';
import { PROCESS_SECTIONS } from './process-schemas.ts';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const committed = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

describe('the configuration page and .env.example', () => {
  const docs = makeConfigDocs();

  it('give every variable of every schema a description', () => {
    expect(docs.undescribed, 'give these a .describe() in their schema, then run `make docs`').toEqual([]);
  });

  it('are what `make docs` makes from the schemas today', () => {
    expect(committed(CONFIG_DOCS_FILES.page), 'docs/configuration.md is out of date: run `make docs`').toBe(docs.page);
    expect(committed(CONFIG_DOCS_FILES.envExample), '.env.example is out of date: run `make docs`').toBe(docs.envExample);
  });

  it('cover the gateway and every registered service', () => {
    expect(PROCESS_SECTIONS.map((section) => section.title)).toEqual(['gateway', ...SERVICE_REGISTRY.map((service) => service.name)]);
  });

  it('name each variable with its default and meaning, and every variable in .env.example', () => {
    expect(docs.page).toMatch(/^- `CHAT_TIMEOUT_MS` \(default `20000`\): How long the chat model may take/m);
    expect(docs.page).toMatch(/^- `NATS_URL` \(required\): /m);
    expect(docs.page).toMatch(/^- `QDRANT_URL` \(default unset\): /m);
    for (const section of PROCESS_SECTIONS) for (const name of Object.keys(section.shape)) expect(docs.envExample).toContain(`\n# ${name}=`);
  });
});

describe('what the check catches', () => {
  const section = (shape: Record<string, z.ZodType>) => ({ title: 'example', file: 'example/config.ts', intro: 'An example.', shape });

  it('a variable added without a description', () => {
    const described = z.coerce.number().default(3).describe('How many');
    expect(undescribedVariables([section({ COUNT: described })])).toEqual([]);
    expect(undescribedVariables([section({ COUNT: described, ADDED: z.string().optional() })])).toEqual(['example: ADDED (example/config.ts)']);
    // A description must be the outermost call: one inside a default is lost on the wrapper.
    expect(undescribedVariables([section({ INNER: z.coerce.number().describe('How many').default(3) })])).toEqual(['example: INNER (example/config.ts)']);
  });

  it("a variable's default as the schema gives it: a value, unset, or required", () => {
    expect(documentVariable('A', z.coerce.number().default(5).describe('a'))).toMatchObject({ defaultText: '`5`', defaultValue: '5' });
    expect(documentVariable('B', z.string().optional().describe('b'))).toMatchObject({ defaultText: 'unset', defaultValue: '' });
    expect(documentVariable('C', z.string().min(1).describe('c'))).toMatchObject({ defaultText: 'required' });
    expect(documentVariable('D', z.string().default(join(REPO_ROOT, 'web/dist')).describe('d'))).toMatchObject({ defaultText: '`web/dist`' });
  });

  it('lays text out within the width', () => {
    const lines = wrapText('one two three four five six seven', 12, '- ', '  ');
    expect(lines).toEqual(['- one two', '  three four', '  five six', '  seven']);
  });
});
