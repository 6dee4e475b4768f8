import {
  MOCK_INTERVIEW_LIMITS,
  MOCK_INTERVIEW_MESSAGES,
  createMockInterviewRequestSchema,
  type CreateMockInterviewRequest,
  type MockInterviewMode,
} from '@story/proto';

/** The start form as the person fills it in: numbers as typed (text), so a wrong one can be told. */
export interface StartFormValues {
  jobDescriptionId: number | null;
  /** The requirements (saved snippets) to ask about; none: all of them. */
  snippetIds: number[];
  targetRole: string;
  questionCount: string;
  thinkSeconds: string;
  mode: MockInterviewMode;
  handsFree: boolean;
  silenceSeconds: string;
  /** Ask about the current résumé's lines (when the person has one). */
  useResume: boolean;
}

export type StartField = keyof StartFormValues;

/** A new form: the description given (from a saved card's link) and the contract's defaults (typed answers). */
export function initialStartForm(jobDescriptionId: number | null): StartFormValues {
  return {
    jobDescriptionId,
    snippetIds: [],
    targetRole: '',
    questionCount: String(MOCK_INTERVIEW_LIMITS.questions.default),
    thinkSeconds: String(MOCK_INTERVIEW_LIMITS.thinkSeconds.default),
    mode: 'text',
    handsFree: false,
    silenceSeconds: String(MOCK_INTERVIEW_LIMITS.silenceSeconds.default),
    useResume: true,
  };
}

/** A typed number: blank or not a number stays NaN, which the contract's rule refuses with its message. */
const typedNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

export type StartCheck = { ok: true; request: CreateMockInterviewRequest } | { ok: false; field: StartField; message: string };

const FIELD_OF: Partial<Record<PropertyKey, StartField>> = {
  jobDescriptionId: 'jobDescriptionId',
  snippetIds: 'snippetIds',
  targetRole: 'targetRole',
  questionCount: 'questionCount',
  thinkSeconds: 'thinkSeconds',
  handsFreeSilenceSeconds: 'silenceSeconds',
};

/**
 * The request the form makes, checked with the contract's own schema (the API's rules and
 * messages, MOCK_INTERVIEW_MESSAGES), or the first problem and the field it is about. Hands-free off
 * sends no silence; the silence is checked only when it is on. The current résumé is used when the
 * person has one (the contract's default: no `resumeId`), unless they turned it off (`resumeId: null`).
 */
export function checkStartForm(values: StartFormValues): StartCheck {
  const request: CreateMockInterviewRequest = {
    jobDescriptionId: values.jobDescriptionId ?? Number.NaN,
    ...(values.snippetIds.length > 0 ? { snippetIds: values.snippetIds } : {}),
    ...(values.targetRole.trim() ? { targetRole: values.targetRole.trim() } : {}),
    questionCount: typedNumber(values.questionCount),
    thinkSeconds: typedNumber(values.thinkSeconds),
    mode: values.mode,
    handsFreeSilenceSeconds: values.mode === 'voice' && values.handsFree ? typedNumber(values.silenceSeconds) : null,
    ...(values.useResume ? {} : { resumeId: null }),
  };
  const parsed = createMockInterviewRequestSchema.safeParse(request);
  if (parsed.success) return { ok: true, request };
  const issue = parsed.error.issues[0];
  const field = FIELD_OF[issue?.path[0] ?? ''] ?? 'jobDescriptionId';
  return { ok: false, field, message: issue?.message ?? MOCK_INTERVIEW_MESSAGES.planFailed };
}
