import type { MatchedStory, QuestionSource, ReadinessResponse, RequirementReadiness, StoryFit } from '@story/proto';
import type { StoriesFinder } from '@story/service-kit';
import type { AnswerFeedbackRepository } from '../answers/answer-feedback.repository.ts';
import { bestAttempt, isLoneAnswer } from '../answers/attempts.ts';
import type { InterviewSources } from './interview-sources.client.ts';
import type { MockInterviewRepository } from './mock-interview.repository.ts';
import { readinessOf } from './mock-report.ts';

export interface ReadinessDeps {
  interviews: MockInterviewRepository;
  feedback: AnswerFeedbackRepository;
  sources: InterviewSources;
  findStories: StoriesFinder;
  fitStories: (question: { text: string; source: QuestionSource }, stories: MatchedStory[]) => Promise<StoryFit[]>;
}

/** The words of a requirement, for telling two writings of it apart: lower case, letters and digits only. */
const wordsOf = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A snippet and a line say the same requirement when one holds the other's words (a snippet is often the line copied, with its bullet). */
export function sameRequirement(snippet: string, line: string): boolean {
  const a = wordsOf(snippet);
  const b = wordsOf(line);
  return a.length > 0 && b.length > 0 && (a === b || (b.length >= 12 && a.includes(b)) || (a.length >= 12 && b.includes(a)));
}

/** An answer that counts for a requirement: its score, and the story pinned to the question it answered. */
interface Counted {
  answerId: string;
  overall: number;
  pinnedStoryId: number | null;
  pinnedExcerpt: string | null;
}

/**
 * Readiness per requirement (issue 23, 5): each requirement of a description (its saved snippets,
 * then its requirement lines) with its best answer's score, how many attempts, the story used, and
 * whether the person has a story for it at all. Practice answers of a snippet and mock-interview
 * answers both count: an interview question from a snippet is scored as one of its attempts, an
 * interview question from a requirement line counts for that line (or for the snippet that saved it:
 * a line and the snippet copied from it are one requirement, one row).
 */
export class ReadinessService {
  constructor(private readonly deps: ReadinessDeps) {}

  async readiness(userId: number, jobDescriptionId: number): Promise<ReadinessResponse> {
    const { sources, interviews, feedback, findStories, fitStories } = this.deps;
    const description = await sources.requirements(userId, jobDescriptionId);
    const snippetRows = description.snippets.map((snippet): QuestionSource => ({
      kind: 'requirement',
      key: `snippet:${snippet.id}`,
      text: snippet.text,
      snippetId: snippet.id,
    }));
    // A line the person saved as a snippet is one requirement: its row is the snippet's, and answers to the line count there.
    const sameAs = new Map<string, string>();
    // A snippet that holds several lines ("5+ years of Python; strong SQL") is not any one of them: each line keeps its row,
    // Ready only from answers to it (issue 38, 4).
    const linesHeld = (row: QuestionSource) => description.requirements.filter((line) => sameRequirement(row.text, line.text)).length;
    const lineRows = description.requirements.flatMap((line): QuestionSource[] => {
      const snippet = snippetRows.find((row) => sameRequirement(row.text, line.text) && linesHeld(row) === 1);
      if (snippet) {
        sameAs.set(line.key, snippet.key);
        return [];
      }
      return [{ kind: 'requirement', key: line.key, text: line.text, snippetId: null }];
    });
    const rows = [...snippetRows, ...lineRows];
    const [mine, stories] = await Promise.all([
      interviews.list(userId, jobDescriptionId),
      findStories(
        userId,
        rows.map((row) => ({ key: row.key, text: row.text })),
      ),
    ]);
    const counted = new Map<string, Counted[]>();
    const pinnedByAnswer = new Map<string, { storyId: number; excerpt: string }>();
    for (const record of mine)
      for (const question of record.doc.questions) {
        const pinned = question.storyFit.find((fit) => fit.storyId === question.pinnedStoryId);
        for (const answer of [question.answer, question.followUp?.answer])
          if (answer && pinned) pinnedByAnswer.set(answer.answerId, { storyId: pinned.storyId, excerpt: pinned.excerpt });
        // Snippet questions are scored as the snippet's attempts: counted below with its practice.
        if (question.source.kind !== 'requirement' || question.source.snippetId !== null || !question.answer) continue;
        const scores = await Promise.all(
          [question.answer, question.followUp?.answer].flatMap((answer) => (answer ? [feedback.find(userId, answer.answerId)] : [])),
        );
        const best = bestAttempt(scores.flatMap((score) => (score ? [score] : [])));
        const key = sameAs.get(question.source.key) ?? question.source.key;
        if (best)
          counted.set(key, [
            ...(counted.get(key) ?? []),
            { answerId: best.answerId, overall: best.overall, pinnedStoryId: pinned?.storyId ?? null, pinnedExcerpt: pinned?.excerpt ?? null },
          ]);
      }
    const requirements: RequirementReadiness[] = [];
    for (const row of rows) {
      let answers = counted.get(row.key) ?? [];
      if (row.snippetId !== null) {
        const attempts = (await feedback.snippetAttempts(userId, row.snippetId)).filter((attempt) => !isLoneAnswer(attempt.questionKey));
        answers = answers.concat(
          attempts.map((attempt) => {
            const pinned = pinnedByAnswer.get(attempt.answerId);
            return { answerId: attempt.answerId, overall: attempt.overall, pinnedStoryId: pinned?.storyId ?? null, pinnedExcerpt: pinned?.excerpt ?? null };
          }),
        );
      }
      const best = bestAttempt(answers);
      const fits = await fitStories({ text: row.text, source: row }, stories.get(row.key) ?? []);
      const top = fits[0];
      const story =
        best?.pinnedStoryId != null && best.pinnedExcerpt !== null
          ? { storyId: best.pinnedStoryId, excerpt: best.pinnedExcerpt }
          : top
            ? { storyId: top.storyId, excerpt: top.excerpt }
            : null;
      requirements.push({
        key: row.key,
        text: row.text,
        snippetId: row.snippetId,
        bestScore: best?.overall ?? null,
        bestAnswerId: best?.answerId ?? null,
        attempts: answers.length,
        story,
        noStoryYet: fits.length === 0 && !story,
        level: best ? readinessOf(best.overall) : 'not-yet',
      });
    }
    return { jobDescriptionId, companyName: description.companyName, jobTitle: description.jobTitle, requirements };
  }
}
