import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  MOCK_INTERVIEW_MESSAGES as M,
  type AnswerDeliveryInput,
  type AnswerFeedback,
  type AnswerPart,
  type AnswerSource,
  type CreateMockInterview,
  type MatchedStory,
  type MockAnswerResponse,
  type MockInterview,
  type QuestionSource,
  type StoryFit,
} from '@story/proto';
import { nonAnswerKind } from '@story/language';
import { HttpError, type StoriesFinder } from '@story/service-kit';
import type { AnswerFeedbackRepository } from '../answers/answer-feedback.repository.ts';
import type { AnswerScoringService } from '../answers/answer-scoring.service.ts';
import { requirementsAsked, type InterviewSources } from './interview-sources.client.ts';
import { interviewerLineOf, lineAfterAnswer, lineForNonAnswer, positionOf, sameAnswer } from './interviewer-lines.ts';
import { MockInterviewReader } from './mock-interview.reader.ts';
import type { MockInterviewDoc, MockInterviewRecord, MockInterviewRepository, StoredMockAnswer, StoredMockQuestion } from './mock-interview.repository.ts';
import { buildReport } from './mock-report.ts';
import type { InterviewPlanner, PlannedQuestion, ResumeLineSource } from './planning/interview-planner.ts';
import { planWithFallback } from './planning/plan-with-fallback.ts';

export interface MockInterviewDeps {
  interviews: MockInterviewRepository;
  feedback: AnswerFeedbackRepository;
  scoring: Pick<AnswerScoringService, 'score'>;
  sources: InterviewSources;
  findStories: StoriesFinder;
  /** The configured planner, and the offline one that stands in when it fails or is late. */
  planner: InterviewPlanner;
  fallbackPlanner: InterviewPlanner;
  plannerTimeoutMs: number;
  /** The stories of a question that fit it, best first (none: "No story yet: tell one"). */
  fitStories: (question: { text: string; source: QuestionSource }, stories: MatchedStory[]) => Promise<StoryFit[]>;
  /** The one follow-up an answer's feedback calls for (a missing STAR part, no number), or null. */
  followUp: (feedback: Pick<AnswerFeedback, 'star' | 'answer'>) => string | null;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/** A spoken or typed answer to a part of a question. */
export interface GivenAnswer {
  questionIndex: number;
  part: AnswerPart;
  text: string;
  source: AnswerSource;
  delivery?: AnswerDeliveryInput | undefined;
  /** The client's key for the answer (see StoredMockAnswer). */
  attemptKey?: string | undefined;
}

/** How many times a write is tried again when another write of the same interview came first. */
const WRITE_RETRIES = 3;

/**
 * Mock interviews (issue 23): planned from a description's requirements, the résumé's lines and the
 * target role, with the person's stories that fit each question; answered a part at a time (each
 * answer kept before it is scored, so none is ever lost, and two tabs never both answer one part);
 * at most one follow-up per question; a report with the previous interview's comparison at the end.
 */
export class MockInterviewService {
  private readonly reader: MockInterviewReader;

  constructor(private readonly deps: MockInterviewDeps) {
    this.reader = new MockInterviewReader(deps.feedback);
  }

  async plan(userId: number, request: CreateMockInterview): Promise<MockInterview> {
    const { sources } = this.deps;
    const [description, resume] = await Promise.all([
      sources.requirements(userId, request.jobDescriptionId),
      // null: the person chose not to be asked about a résumé.
      request.resumeId === null ? { resumeId: null, lines: [] } : sources.resumeLines(userId, request.resumeId),
    ]);
    const requirements = requirementsAsked(description, request.snippetIds);
    if (requirements.length === 0) throw new HttpError(400, M.noRequirements);
    const resumeLines: ResumeLineSource[] = resume.lines.map((line) => ({
      kind: 'resume',
      key: `resume:${line.bulletId}`,
      text: line.text,
      snippetId: null,
      title: line.title,
      company: line.company,
    }));
    const targetRole = request.targetRole?.trim() || null;
    const input = { companyName: description.companyName, jobTitle: description.jobTitle, targetRole, requirements, resumeLines, count: request.questionCount };
    const { planned, engine } = await planWithFallback(this.deps, input);
    const fits = await this.storyFits(userId, planned);
    const doc: MockInterviewDoc = {
      jobDescriptionId: request.jobDescriptionId,
      companyName: description.companyName,
      jobTitle: description.jobTitle,
      targetRole,
      resumeId: resume.resumeId,
      status: 'planned',
      mode: request.mode,
      thinkSeconds: request.thinkSeconds,
      handsFreeSilenceSeconds: request.handsFreeSilenceSeconds,
      engine,
      questions: planned.map((question, index) => ({
        text: question.text,
        source: question.source,
        difficulty: question.difficulty,
        storyFit: fits[index] ?? [],
        pinnedStoryId: null,
        answer: null,
        followUp: null,
      })),
      report: null,
      createdAt: this.deps.clock().toISOString(),
      finishedAt: null,
    };
    return this.reader.present(await this.deps.interviews.create(userId, doc));
  }

  async get(userId: number, id: number): Promise<MockInterview> {
    return this.reader.present(await this.record(userId, id));
  }

  async list(userId: number, jobDescriptionId?: number): Promise<MockInterviewRecord[]> {
    return this.deps.interviews.list(userId, jobDescriptionId);
  }

  /** Pins one of the stories that fit the question (or any question of the interview) to it; null unpins. */
  async pin(userId: number, id: number, index: number, storyId: number | null): Promise<MockInterview> {
    const saved = await this.write(userId, id, (doc) => {
      const question = doc.questions[index];
      if (!question) throw new HttpError(404, M.questionNotFound);
      if (doc.status === 'finished') throw new HttpError(409, M.finished);
      if (storyId !== null && !doc.questions.some((entry) => entry.storyFit.some((fit) => fit.storyId === storyId))) throw new HttpError(404, M.storyNotFound);
      question.pinnedStoryId = storyId;
    });
    return this.reader.present(saved);
  }

  /**
   * Records an answer to the part of the question being asked, then scores it: what was said is kept
   * first (a failure after that loses nothing), then the feedback, then the follow-up it calls for.
   * What was no answer is not recorded: the interviewer asks again. A part answered already (another
   * tab) or a finished interview is a 409 with the message to show.
   */
  async answer(userId: number, id: number, given: GivenAnswer): Promise<MockAnswerResponse> {
    const current = await this.record(userId, id);
    const retried = await this.retried(current, given);
    if (retried) return retried;
    const target = this.checkTurn(current.doc, given);
    const asked = given.part === 'follow-up' ? (target.followUp?.question ?? target.text) : target.text;
    const kind = nonAnswerKind(given.text, asked);
    if (kind) {
      const text = lineForNonAnswer(kind, interviewerLineOf(current.doc));
      return { answerId: null, next: { kind: 'question', text, questionIndex: given.questionIndex }, interview: await this.reader.present(current) };
    }
    const answer: StoredMockAnswer = {
      answerId: randomUUID(),
      text: given.text,
      source: given.source,
      answeredAt: this.deps.clock().toISOString(),
      ...(given.delivery ? { delivery: given.delivery } : {}),
      ...(given.attemptKey ? { attemptKey: given.attemptKey } : {}),
    };
    const recorded = await this.write(userId, id, (doc) => {
      // The same answer sent twice at once: the second finds the first's, and gives its result.
      if (sameAnswer(doc, given)) return;
      const question = this.checkTurn(doc, given);
      if (given.part === 'answer') question.answer = answer;
      else if (question.followUp) question.followUp.answer = answer;
      doc.status = 'in-progress';
    });
    const kept = sameAnswer(recorded.doc, given);
    if (kept && kept.answerId !== answer.answerId) return this.answered(recorded, kept.answerId);
    const question = recorded.doc.questions[given.questionIndex] as StoredMockQuestion;
    const feedback = await this.score(userId, question, given.part, answer);
    let saved = recorded;
    // The warm-up about the person and the role is no STAR story: it gets no follow-up.
    const followUp = given.part === 'answer' && feedback && question.source.kind !== 'role' ? this.deps.followUp(feedback) : null;
    if (followUp)
      saved = await this.write(userId, id, (doc) => {
        const entry = doc.questions[given.questionIndex];
        if (entry && !entry.followUp) entry.followUp = { question: followUp, answer: null };
      });
    const position = positionOf(saved.doc);
    const nextKind = position.expecting === 'follow-up' ? 'follow-up' : position.expecting === 'answer' ? 'question' : 'done';
    return {
      answerId: answer.answerId,
      next: { kind: nextKind, text: lineAfterAnswer(saved.doc), questionIndex: position.index },
      interview: await this.reader.present(saved),
    };
  }

  /** A retry of an answer already recorded (same client key): the interviewer's words from where the interview stands now, and the first answer's id. */
  private async retried(record: MockInterviewRecord, given: GivenAnswer): Promise<MockAnswerResponse | undefined> {
    const kept = sameAnswer(record.doc, given);
    return kept ? this.answered(record, kept.answerId) : undefined;
  }

  /** The answer to an answer: its id, and the interviewer's next words from where the interview stands now. */
  private async answered(record: MockInterviewRecord, answerId: string): Promise<MockAnswerResponse> {
    const position = positionOf(record.doc);
    const kind = position.expecting === 'follow-up' ? 'follow-up' : position.expecting === 'answer' ? 'question' : 'done';
    return { answerId, next: { kind, text: lineAfterAnswer(record.doc), questionIndex: position.index }, interview: await this.reader.present(record) };
  }

  /** What the interviewer says now (to be spoken), and the words of the question being asked and of its source (the recogniser's vocabulary). */
  async lineAndTopic(userId: number, id: number): Promise<{ line: string; topic: string | undefined }> {
    const { doc } = await this.record(userId, id);
    const question = doc.questions[positionOf(doc).index];
    return { line: interviewerLineOf(doc), topic: question && doc.status !== 'finished' ? `${question.source.text}\n${question.text}` : undefined };
  }

  /** Ends the interview with its report (a finished interview keeps the report it has); 400 before any answer. */
  async finish(userId: number, id: number): Promise<MockInterview> {
    const current = await this.record(userId, id);
    if (current.doc.status === 'finished') return this.reader.present(current);
    if (!current.doc.questions.some((question) => question.answer)) throw new HttpError(400, M.nothingAnswered);
    const scored = await this.reader.scoredQuestions(userId, current.doc);
    const report = buildReport(scored, await this.reader.previous(userId, current, this.deps.interviews));
    const saved = await this.write(userId, id, (doc) => {
      if (doc.status === 'finished') return;
      doc.status = 'finished';
      doc.report = report;
      doc.finishedAt = this.deps.clock().toISOString();
    });
    return this.reader.present(saved);
  }

  private async record(userId: number, id: number): Promise<MockInterviewRecord> {
    const found = await this.deps.interviews.find(userId, id);
    if (!found) throw new HttpError(404, M.notFound);
    return found;
  }

  /** The question a given answer is for, when that part of it is what is being asked now; else the 404 or 409 to give. */
  private checkTurn(doc: MockInterviewDoc, given: Pick<GivenAnswer, 'questionIndex' | 'part'>): StoredMockQuestion {
    if (doc.status === 'finished') throw new HttpError(409, M.finished);
    const question = doc.questions[given.questionIndex];
    if (!question) throw new HttpError(404, M.questionNotFound);
    if (given.part === 'follow-up' && !question.followUp) throw new HttpError(409, question.answer ? M.noFollowUp : M.notCurrent);
    const done = given.part === 'answer' ? question.answer : question.followUp?.answer;
    if (done) throw new HttpError(409, M.alreadyAnswered);
    const position = positionOf(doc);
    if (position.index !== given.questionIndex || position.expecting !== given.part) throw new HttpError(409, M.notCurrent);
    return question;
  }

  /** Reads, changes and writes the interview over the version read; another write first: read again and change again (its checks run again). */
  private async write(userId: number, id: number, change: (doc: MockInterviewDoc) => void): Promise<MockInterviewRecord> {
    for (let attempt = 0; ; attempt += 1) {
      const current = await this.record(userId, id);
      const doc = structuredClone(current.doc);
      change(doc);
      if (await this.deps.interviews.update(userId, id, current.version, doc)) return { ...current, version: current.version + 1, doc };
      if (attempt >= WRITE_RETRIES) throw new HttpError(409, M.alreadyAnswered);
    }
  }

  /** Scores an answer as an interview-practice answer of its requirement (a follow-up's with the answer it goes on with); null when scoring failed (the answer stays). */
  private async score(userId: number, question: StoredMockQuestion, part: AnswerPart, answer: StoredMockAnswer): Promise<AnswerFeedback | null> {
    const first = question.answer;
    const followingUp = part === 'follow-up' && first && question.followUp;
    try {
      await this.deps.scoring.score({
        answerId: answer.answerId,
        userId,
        ...(question.source.snippetId !== null ? { snippetId: question.source.snippetId } : {}),
        question: followingUp ? question.followUp!.question : question.text,
        answer: answer.text,
        requirements: question.source.kind === 'requirement' ? question.source.text : undefined,
        kind: 'practice',
        ...(followingUp ? { earlierTurns: [{ question: question.text, answer: first.text }] } : {}),
        source: answer.source,
        delivery: answer.delivery,
        answeredAt: answer.answeredAt,
      });
    } catch (error) {
      this.deps.log.warn({ err: error }, 'a mock interview answer could not be scored; it is kept');
      return null;
    }
    return this.reader.feedbackOf(userId, answer.answerId);
  }

  /** The person's stories that fit each question (search asked once for them all); none when search does not answer. */
  private async storyFits(userId: number, planned: readonly PlannedQuestion[]): Promise<StoryFit[][]> {
    const found = await this.deps.findStories(
      userId,
      planned.map((question, index) => ({ key: String(index), text: `${question.source.text}. ${question.text}` })),
    );
    return Promise.all(planned.map((question, index) => this.deps.fitStories(question, found.get(String(index)) ?? [])));
  }
}
