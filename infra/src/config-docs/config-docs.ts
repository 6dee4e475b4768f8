/**
 * docs/configuration.md and .env.example, made from the processes' zod schemas: each variable's name,
 * its default (what the schema gives for an unset variable) and its meaning (the schema's `.describe()`).
 * infra/src/config-docs/config-docs.test.ts fails while the committed files differ from what this makes,
 * and while a variable has no description.
 */
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { OUTSIDE_VARIABLES, PROCESS_SECTIONS, SHARED_SECTIONS, type SchemaSection } from './process-schemas.ts';

/** The repository root: defaults that are paths inside it are shown relative to it, the same on every machine. */
const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** Where `make docs` writes, relative to the repository. */
export const CONFIG_DOCS_FILES = { page: 'docs/configuration.md', envExample: '.env.example' } as const;

/** One documented variable. */
export interface DocumentedVariable {
  name: string;
  /** The default for reading (`` `30` ``, "unset", "required"). */
  defaultText: string;
  /** The default as an .env line would say it (empty when there is none). */
  defaultValue: string;
  meaning: string | undefined;
}

/** What the generator makes, and the variables it found without a description. */
export interface ConfigDocs {
  page: string;
  envExample: string;
  undescribed: string[];
}

const PAGE_WIDTH = 110;
const ENV_WIDTH = 100;

/** The value a schema gives an unset variable, as text: paths inside the repository relative to it. */
function plainDefault(value: unknown): string {
  if (Array.isArray(value)) return value.map(plainDefault).join(',');
  if (typeof value !== 'string') return String(value);
  if (value === REPO_ROOT || value.startsWith(`${REPO_ROOT}/`)) return value.slice(REPO_ROOT.length + 1) || '.';
  return value;
}

/** Reads a variable's default and description from its schema. */
export function documentVariable(name: string, schema: z.ZodType): DocumentedVariable {
  const parsed = schema.safeParse(undefined);
  const meaning = schema.description?.trim() || undefined;
  if (!parsed.success) return { name, defaultText: 'required', defaultValue: '', meaning };
  if (parsed.data === undefined) return { name, defaultText: 'unset', defaultValue: '', meaning };
  // The system's temporary folder differs from machine to machine: say what it is instead.
  if (parsed.data === tmpdir()) return { name, defaultText: "the system's temporary folder", defaultValue: '', meaning };
  const value = plainDefault(parsed.data);
  return { name, defaultText: value === '' ? 'empty' : `\`${value}\``, defaultValue: value, meaning };
}

/** Words laid out in lines of at most `width` characters, the first after `first`, the others after `rest`. */
export function wrapText(text: string, width: number, first: string, rest: string): string[] {
  const lines: string[] = [];
  let line = first;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const prefix = lines.length === 0 ? first : rest;
    if (line.length > prefix.length && line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest + word;
    } else line = line.length > prefix.length ? `${line} ${word}` : `${line}${word}`;
  }
  lines.push(line);
  return lines;
}

const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Which shared section a process's variable belongs to (the very same schema object), if any. */
function sharedSectionOf(name: string, schema: z.ZodType): SchemaSection | undefined {
  return SHARED_SECTIONS.find((section) => section.shape[name] === schema);
}

/** A process's own variables: those not read through a shared section. */
function ownVariables(section: SchemaSection): [string, z.ZodType][] {
  return Object.entries(section.shape).filter(([name, schema]) => !sharedSectionOf(name, schema));
}

/** "required", or "default …". */
const defaultPhrase = (defaultText: string): string => (defaultText === 'required' ? 'required' : `default ${defaultText}`);

function variableLines(variable: DocumentedVariable): string[] {
  const head = `- \`${variable.name}\` (${defaultPhrase(variable.defaultText)}): `;
  return wrapText(sentence(variable.meaning ?? '(no description)'), PAGE_WIDTH, head, '  ');
}

/** The sentence that says which shared variables a process reads. */
function sharedNote(section: SchemaSection): string | undefined {
  const parts = SHARED_SECTIONS.flatMap((shared) => {
    const names = Object.entries(section.shape)
      .filter(([name, schema]) => shared.shape[name] === schema)
      .map(([name]) => name);
    if (names.length === 0) return [];
    if (names.length === Object.keys(shared.shape).length) return [`all of “${shared.title}”`];
    return [`from “${shared.title}”: ${names.map((name) => `\`${name}\``).join(', ')}`];
  });
  return parts.length > 0 ? `Also reads ${parts.join('; ')}.` : undefined;
}

function sectionLines(section: SchemaSection, variables: [string, z.ZodType][], note?: string): string[] {
  const intro = `${section.intro} Schema: \`${section.file}\`.${note ? ` ${note}` : ''}`;
  return [
    `## ${section.title}`,
    '',
    ...wrapText(intro, PAGE_WIDTH, '', ''),
    '',
    ...variables.flatMap(([name, schema]) => variableLines(documentVariable(name, schema))),
    '',
  ];
}

const PAGE_HEAD = [
  '# Configuration',
  '',
  "<!-- Made by `make docs` from the processes' zod schemas (infra/src/config-docs/): edit the schemas' .describe(),",
  '     never this file. infra/src/config-docs/config-docs.test.ts fails while the two differ. -->',
  '',
  'Every process reads its settings from the environment, validated at start-up by its zod schema; a wrong value prints',
  'every problem and exits. `make run` passes its own environment to every process it starts, so',
  '`OPENAI_API_KEY=sk-… make run` reaches every service that reads it. Any variable may also be given as a file with',
  '`NAME_FILE=/path`. `.env.example` lists every variable once, commented out, with its default. How the settings',
  'combine into the production shape: [operations](operations/README.md).',
  '',
];

/** The configuration page. */
function renderPage(): string {
  const shared = SHARED_SECTIONS.flatMap((section) => sectionLines(section, Object.entries(section.shape)));
  const processes = PROCESS_SECTIONS.flatMap((section) => sectionLines(section, ownVariables(section), sharedNote(section)));
  const outside = [
    '## Read outside the schemas',
    '',
    ...wrapText('The orchestrator, the OpenTelemetry SDK and the tests read these; each names the code that does.', PAGE_WIDTH, '', ''),
    '',
    ...OUTSIDE_VARIABLES.flatMap((variable) =>
      wrapText(
        sentence(`${variable.meaning} Read by ${variable.readBy}`),
        PAGE_WIDTH,
        `- \`${variable.name}\` (${defaultPhrase(variable.defaultText)}): `,
        '  ',
      ),
    ),
  ];
  return [...PAGE_HEAD, ...shared, ...processes, ...outside, ''].join('\n');
}

/** Every section in page order, each variable once (at its first reader), with who else reads it. */
function envEntries(): { section: SchemaSection; variables: { variable: DocumentedVariable; readers: string[]; defaults: string[] }[] }[] {
  const sections = [...SHARED_SECTIONS.map((section) => ({ section, names: Object.keys(section.shape) }))];
  for (const section of PROCESS_SECTIONS) sections.push({ section, names: ownVariables(section).map(([name]) => name) });
  const seen = new Set<string>();
  return sections.map(({ section, names }) => ({
    section,
    variables: names
      .filter((name) => !seen.has(name) && seen.add(name))
      .map((name) => {
        const readers = PROCESS_SECTIONS.filter((process) => name in process.shape);
        const defaults = readers.map((reader) => `${reader.title} ${documentVariable(name, reader.shape[name] as z.ZodType).defaultText}`);
        return { variable: documentVariable(name, section.shape[name] as z.ZodType), readers: readers.map((reader) => reader.title), defaults };
      }),
  }));
}

/** The .env.example: every variable once, commented out, with its meaning and default. */
function renderEnvExample(): string {
  const head = [
    "# Every setting the processes read, made from their zod schemas by `make docs` (do not edit: edit the schemas'",
    '# .describe()). docs/configuration.md says which process reads each. Every line is commented out: uncomment what',
    '# you change. `make run` passes its environment to every process; docker compose reads .env for its NATS passwords.',
  ];
  const body = envEntries().flatMap(({ section, variables }) => [
    '',
    `# ---- ${section.title} (${section.file})`,
    ...variables.flatMap(({ variable, readers, defaults }) => {
      const distinct = new Set(defaults.map((entry) => entry.slice(entry.indexOf(' ') + 1)));
      const readBy = readers.length > 1 ? ` Read by ${readers.join(', ')}.` : '';
      const differs = distinct.size > 1 ? ` Defaults: ${defaults.join(', ')}.` : '';
      return [
        '',
        ...wrapText(`${sentence(variable.meaning ?? '(no description)')}${readBy}${differs}`, ENV_WIDTH, '# ', '# '),
        `# ${variable.name}=${variable.defaultValue}`,
      ];
    }),
  ]);
  return [...head, ...body, ''].join('\n');
}

/** The variables of every section that have no description. */
export function undescribedVariables(sections: readonly SchemaSection[] = [...SHARED_SECTIONS, ...PROCESS_SECTIONS]): string[] {
  return sections.flatMap((section) =>
    Object.entries(section.shape)
      .filter(([name, schema]) => documentVariable(name, schema).meaning === undefined)
      .map(([name]) => `${section.title}: ${name} (${section.file})`),
  );
}

/** Makes the configuration page and .env.example from the schemas. */
export function makeConfigDocs(): ConfigDocs {
  return { page: renderPage(), envExample: renderEnvExample(), undescribed: [...new Set(undescribedVariables())] };
}
