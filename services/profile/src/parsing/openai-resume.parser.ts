/**
 * The OpenAI résumé parser (issue 22): structured output from the chat completions API (or a
 * compatible server), given the text WITHOUT the name and contact lines, and checked against the text:
 * every title, company, bullet, school and skill it returns must occur in the text, or it is dropped.
 * Name and contact come from the offline parser, which also answers when the model fails or is slow.
 */
import { RESUME_LIMITS, resumeContentSchema, type ResumeContent } from '@story/proto';
import { askStructured, OpenAiModelClient, type OpenAiModelOptions } from '@story/service-kit';
import { parseResumeText } from './offline-resume.parser.ts';
import { RESUME_SYSTEM_PROMPT, modelResumeSchema, resumeRequest, type ModelResume } from './openai-resume.prompt.ts';
import { findDates } from './resume-dates.ts';
import { hasContactDetail, isContactLine } from './resume-lines.ts';
import { sanitiseLine } from './resume-text.sanitiser.ts';

/** Turns a résumé's text into its content. */
export interface ResumeParser {
  readonly name: 'offline' | 'openai';
  parse(text: string): Promise<ResumeContent>;
}

/** The offline parser behind the same interface. */
export class OfflineResumeParser implements ResumeParser {
  readonly name = 'offline' as const;
  parse(text: string): Promise<ResumeContent> {
    return Promise.resolve(parseResumeText(text));
  }
}

/** Lowercase words separated by single spaces: how a returned line is looked for in the text. */
export const comparable = (text: string) =>
  ` ${text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

/**
 * The text to send: the name line and every contact line removed (e-mail, phone, address, links),
 * and the name replaced wherever else it appears.
 */
export function withoutContact(text: string, offline: Pick<ResumeContent, 'name' | 'contact'>): string {
  const contact = new Set(offline.contact.map((line) => line.trim()));
  const lines = text
    .split('\n')
    .filter((line) => {
      const trimmed = line.trim();
      return !contact.has(trimmed) && !hasContactDetail(trimmed) && !isContactLine(trimmed) && (!offline.name || !trimmed.startsWith(offline.name));
    })
    .join('\n');
  if (!offline.name) return lines;
  const parts = offline.name.split(/\s+/).filter((part) => part.length > 1);
  return parts.reduce((kept, part) => kept.replace(new RegExp(`\\b${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g'), '[name]'), lines);
}

/** The model's parts that the text holds, with ids and limits; what it invented is gone. */
export function groundedContent(model: ModelResume, text: string, offline: ResumeContent): ResumeContent {
  const haystack = comparable(text);
  const found = (value: string) => comparable(value).trim() !== '' && haystack.includes(comparable(value));
  const clean = (value: string, max: number = RESUME_LIMITS.line) => sanitiseLine(value).slice(0, max).trim();
  const roles = model.roles
    .filter((role) => found(role.title))
    .slice(0, RESUME_LIMITS.roles)
    .map((role, index) => {
      const dates = found(role.dates) ? findDates(role.dates) : null;
      const bullets = role.bullets.filter(found).map((bullet) => clean(bullet, RESUME_LIMITS.bullet));
      return {
        id: `role-${index + 1}`,
        title: clean(role.title),
        company: found(role.company) ? clean(role.company) : '',
        location: found(role.location) ? clean(role.location) : '',
        dates: dates ? clean(role.dates) : '',
        start: dates?.start ?? null,
        end: dates?.end ?? null,
        bullets: bullets
          .filter(Boolean)
          .slice(0, RESUME_LIMITS.bulletsPerRole)
          .map((bullet, at) => ({ id: `role-${index + 1}-b-${at + 1}`, text: bullet })),
      };
    });
  const education = model.education
    .filter((entry) => found(entry.school))
    .slice(0, RESUME_LIMITS.education)
    .map((entry, index) => ({
      id: `edu-${index + 1}`,
      school: clean(entry.school),
      degree: found(entry.degree) ? clean(entry.degree) : '',
      dates: found(entry.dates) ? clean(entry.dates) : '',
      details: entry.details.filter(found).map((detail) => clean(detail)),
    }));
  const summary = found(model.summary) ? clean(model.summary, RESUME_LIMITS.summary) : offline.summary;
  return resumeContentSchema.parse({
    name: offline.name,
    contact: offline.contact,
    summary,
    // A model that found no role where the offline parser found some lost them: the offline roles stay.
    roles: roles.length === 0 && offline.roles.length > 0 ? offline.roles : roles,
    education: education.length === 0 ? offline.education : education,
    skills: [...new Set(model.skills.filter(found).map((skill) => clean(skill)))].filter(Boolean).slice(0, RESUME_LIMITS.skills),
    extraSections: model.extraSections
      .filter((section) => found(section.heading))
      .map((section) => ({ heading: clean(section.heading), lines: section.lines.filter(found).map((line) => clean(line, RESUME_LIMITS.bullet)) }))
      .filter((section) => section.heading && section.lines.length)
      .slice(0, RESUME_LIMITS.extraSections),
  });
}

/** Parses with OpenAI's structured output; the offline parse on any failure. */
export class OpenAiResumeParser extends OpenAiModelClient implements ResumeParser {
  async parse(text: string): Promise<ResumeContent> {
    const offline = parseResumeText(text);
    const sent = withoutContact(text, offline);
    try {
      const parsed = await askStructured(this.client, this.options.model, {
        system: RESUME_SYSTEM_PROMPT,
        user: resumeRequest(sent),
        schema: modelResumeSchema,
        name: 'resume_sections',
      });
      return groundedContent(parsed, sent, offline);
    } catch {
      return offline;
    }
  }
}

/** OpenAI (or a compatible server) when a key is set, else the offline parser. */
export function createResumeParser(options: Partial<OpenAiModelOptions> & Pick<OpenAiModelOptions, 'model' | 'timeoutMs'>): ResumeParser {
  if (!options.apiKey) return new OfflineResumeParser();
  return new OpenAiResumeParser({ apiKey: options.apiKey, baseURL: options.baseURL, model: options.model, timeoutMs: options.timeoutMs });
}
