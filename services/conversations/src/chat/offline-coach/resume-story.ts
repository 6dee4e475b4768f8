import type { ResumeKnowledge, ToldBullet } from '../resume-knowledge.ts';
import { SLOT_QUESTIONS, type StorySlot } from './coach-phrases.ts';

/** What the offline coach knows from the résumé when it reads a story: whether it says where and when, and the line told about. */
export interface StoryKnowledge {
  /** The résumé names the person's roles, employers and dates: the coach does not ask for them. */
  roleKnown: boolean;
  /** The résumé line whose story is told ("Tell the story behind this line"). */
  bullet?: ToldBullet | undefined;
}

export const NOTHING_KNOWN: StoryKnowledge = { roleKnown: false };

/** The offline coach's knowledge from what profile told of the résumé. */
export function storyKnowledgeOf(resume: ResumeKnowledge | undefined): StoryKnowledge {
  if (!resume) return NOTHING_KNOWN;
  return { roleKnown: resume.roles.length > 0 || Boolean(resume.bullet), bullet: resume.bullet };
}

/** The question a bullet story opens with; an answer to it tells the situation. */
export const BULLET_SITUATION_QUESTION = 'What was the situation?';

/** Story questions that ask where the person worked or when: the résumé already says, so they are not asked when it is known. */
const WORKPLACE_QUESTIONS: ReadonlySet<string> = new Set([SLOT_QUESTIONS.situation[0] ?? '']);

/** The questions of a slot worth asking with what the résumé says. */
export function slotQuestions(slot: StorySlot, knows: StoryKnowledge): readonly string[] {
  const all = SLOT_QUESTIONS[slot];
  return knows.roleKnown ? all.filter((question) => !WORKPLACE_QUESTIONS.has(question)) : all;
}

/** "as Software Engineer at Northwind", "at Northwind", or '' when the résumé names neither. */
function roleWords({ title, company }: ToldBullet['role']): string {
  if (title.trim() && company.trim()) return ` as ${title.trim()} at ${company.trim()}`;
  if (title.trim()) return ` as ${title.trim()}`;
  return company.trim() ? ` at ${company.trim()}` : '';
}

/** The opening of the story behind a résumé line: the line and its role named, then the situation asked for. */
export function bulletOpening(bullet: ToldBullet): string {
  const role = roleWords(bullet.role);
  const when = role ? ` from your time${role}` : '';
  return `Let's tell the story behind “${bullet.text.trim()}”${when}. ${BULLET_SITUATION_QUESTION}`;
}
