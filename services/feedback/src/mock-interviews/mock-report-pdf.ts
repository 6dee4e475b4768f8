import {
  PDF_DOWNLOADS,
  conversationPdfQuerySchema,
  mockInterviewParamsSchema,
  type MockAnswer,
  type MockInterview,
  type MockQuestion,
  type PdfPaper,
  type ReadinessLevel,
} from '@story/proto';
import { planFeaturesOnly, requireUser, type PlanCheck, type ServiceApp } from '@story/service-kit';
import {
  PDF_INK,
  keepTogether,
  openPdf,
  pdfFileName,
  sendPdf,
  transcriptClock,
  transcriptFooters,
  transcriptTurn,
  useFont,
  type PdfPage,
} from '@story/service-kit/pdf';
import type { MockInterviewService } from './mock-interview.service.ts';

/**
 * A mock interview's report as a PDF (issue 24, 2), on the shared PDF pieces of `@story/service-kit/pdf`:
 * the role, the overall score and readiness, the three things to work on, then each question with
 * the person's answer (and the follow-up), its five scores and its STAR parts. An interview not
 * finished yet has no report: its questions and answers so far are printed, and the page says so.
 */

const READINESS: Readonly<Record<ReadinessLevel, string>> = { ready: 'Ready', almost: 'Almost ready', 'not-yet': 'Not ready yet' };
const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

const TYPE = { title: 20, details: 10, score: 15, heading: 12, label: 10.5, body: 10.5, small: 9.5 } as const;

function heading(page: PdfPage, text: string): void {
  const { doc } = page;
  keepTogether(page, 16 + TYPE.heading * 1.4 + 6 + 3 * TYPE.body * 1.5);
  doc.y += 16;
  useFont(doc, 'bold', TYPE.heading, PDF_INK.accent).text(text, page.left, doc.y, { width: page.width });
  doc
    .moveTo(page.left, doc.y + 1)
    .lineTo(page.left + page.width, doc.y + 1)
    .lineWidth(0.6)
    .strokeColor(PDF_INK.rule)
    .stroke();
  doc.y += 6;
}

function line(page: PdfPage, text: string, font: 'regular' | 'italic' | 'semibold', size: number, color: string = PDF_INK.text, indent = 0): void {
  useFont(page.doc, font, size, color).text(text, page.left + indent, page.doc.y, { width: page.width - indent, lineGap: 1.5 });
}

function header(page: PdfPage, interview: MockInterview, timeZone: string | undefined): void {
  const { doc } = page;
  const clock = transcriptClock(timeZone);
  useFont(doc, 'bold', TYPE.title).text(`Mock interview: ${interview.jobTitle} at ${interview.companyName}`, page.left, doc.y, { width: page.width });
  doc.y += 4;
  const when = interview.finishedAt ?? interview.createdAt;
  const answered = interview.questions.filter((question) => question.answer !== null).length;
  const details = [
    `${interview.finishedAt ? 'Finished' : 'Started'} ${clock.day(new Date(when))}, ${clock.time(new Date(when))}`,
    `${answered} of ${interview.questions.length} questions answered`,
    interview.targetRole ? `Target role: ${interview.targetRole}` : null,
  ];
  line(page, details.filter(Boolean).join('  ·  '), 'regular', TYPE.details, PDF_INK.muted);
}

function summary(page: PdfPage, interview: MockInterview): void {
  const { doc } = page;
  const { report } = interview;
  heading(page, 'Overall');
  if (!report) {
    line(page, 'The report is written when the interview is finished: here are the questions and answers so far.', 'italic', TYPE.body, PDF_INK.muted);
    return;
  }
  useFont(doc, 'bold', TYPE.score).text(`${report.overall.toFixed(1)} / 10  ·  ${READINESS[report.readiness]}`, page.left, doc.y, { width: page.width });
  if (report.previous) {
    const change = report.previous.change;
    line(
      page,
      `${change >= 0 ? '+' : '−'}${Math.abs(change).toFixed(1)} since your previous mock interview for this role (${report.previous.overall.toFixed(1)})`,
      'regular',
      TYPE.small,
      PDF_INK.muted,
    );
  }
  if (report.workOn.length === 0) return;
  heading(page, 'Three things to work on');
  report.workOn.forEach((item, index) => {
    keepTogether(page, 4 * TYPE.body * 1.5);
    doc.y += index === 0 ? 0 : 6;
    line(page, `${index + 1}. ${item.title}`, 'semibold', TYPE.label);
    line(page, item.advice, 'regular', TYPE.body, PDF_INK.text, 14);
    if (item.quote) line(page, `“${item.quote}” (question ${item.questionIndex + 1})`, 'italic', TYPE.small, PDF_INK.muted, 14);
  });
}

/** The answer's five scores on one line, then each STAR part: told (with the words that carry it) or missing (with what to add). */
function answerFeedback(page: PdfPage, answer: MockAnswer): void {
  const { feedback } = answer;
  if (!feedback) {
    line(page, 'Not scored yet.', 'italic', TYPE.small, PDF_INK.muted, 12);
    return;
  }
  keepTogether(page, 6 * TYPE.small * 1.5);
  const scores = feedback.assessment.map((score) => `${capitalised(score.dimension)} ${score.score}`).join('  ·  ');
  line(page, `Score ${feedback.overall.toFixed(1)} / 10  —  ${scores}`, 'semibold', TYPE.small, PDF_INK.text, 12);
  for (const part of feedback.star) {
    const words = part.quotes.map((quote) => `“${quote.text}”`).join(' … ');
    const said = part.present ? `told${words ? `: ${words}` : ''}` : `missing${part.prompt ? `: ${part.prompt}` : ''}`;
    line(page, `${capitalised(part.part)} — ${said}`, 'regular', TYPE.small, part.present ? PDF_INK.text : PDF_INK.muted, 12);
  }
  page.doc.y += 4;
}

function question(page: PdfPage, item: MockQuestion, clock: ReturnType<typeof transcriptClock>): void {
  const time = (at: string) => clock.time(new Date(at));
  heading(page, `Question ${item.index + 1} of the interview`);
  transcriptTurn(page, { side: 'other', speaker: 'Interviewer', at: null, text: item.text }, null);
  if (!item.answer) {
    line(page, 'Not answered.', 'italic', TYPE.body, PDF_INK.muted, 12);
    return;
  }
  transcriptTurn(page, { side: 'person', speaker: 'You', at: item.answer.answeredAt, text: item.answer.text }, time(item.answer.answeredAt));
  answerFeedback(page, item.answer);
  if (!item.followUp) return;
  transcriptTurn(page, { side: 'other', speaker: 'Interviewer (follow-up)', at: null, text: item.followUp.question }, null);
  if (!item.followUp.answer) return;
  transcriptTurn(
    page,
    { side: 'person', speaker: 'You', at: item.followUp.answer.answeredAt, text: item.followUp.answer.text },
    time(item.followUp.answer.answeredAt),
  );
  answerFeedback(page, item.followUp.answer);
}

/** The mock interview's report as a PDF on A4 or Letter, in Source Sans 3 embedded, its times in `timeZone` (else UTC). */
export function renderMockReportPdf(interview: MockInterview, paper: PdfPaper, timeZone: string | undefined): Promise<Buffer> {
  const title = `Mock interview: ${interview.jobTitle} at ${interview.companyName}`;
  const { page, finish } = openPdf(paper, { title, creator: 'Story mock interviews' }, { bufferPages: true });
  const clock = transcriptClock(timeZone);
  header(page, interview, timeZone);
  summary(page, interview);
  for (const item of interview.questions) question(page, item, clock);
  transcriptFooters(page, title);
  return finish();
}

/**
 * `GET /api/mock-interviews/{id}/pdf?paper=a4|letter&timeZone=`: the caller's own mock interview's
 * report (404 otherwise, as its GET), for plans with what PDF_DOWNLOADS says it needs.
 */
export function registerMockReportPdfRoute(app: ServiceApp, interviews: MockInterviewService, plans: PlanCheck): void {
  app.get(
    PDF_DOWNLOADS.mockReport.path,
    { ...planFeaturesOnly(plans, ...PDF_DOWNLOADS.mockReport.needs), schema: { params: mockInterviewParamsSchema, querystring: conversationPdfQuerySchema } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const { paper, timeZone } = request.query;
      const interview = await interviews.get(userId, request.params.id);
      const pdf = await renderMockReportPdf(interview, paper, timeZone);
      return sendPdf(reply, pdfFileName(`Mock interview ${interview.jobTitle} ${interview.companyName}`, 'Mock-interview'), pdf);
    },
  );
}
