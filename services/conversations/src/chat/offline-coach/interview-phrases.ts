/** What the offline coach says in an interview practice (re-exported by coach-phrases.ts). */
import type { QuoteLine } from './coach-phrases.ts';

// ---- the interview coach's replies ------------------------------------------------------------------

export const INTERVIEW_FOLLOW_UPS: Record<'situation' | 'action' | 'personal' | 'result' | 'learning', readonly string[]> = {
  situation: ['Set the scene briefly: where were you, and what was at stake?', 'What was the context — the team, the project, the pressure?'],
  action: [
    'What exactly did you do yourself — which steps were yours?',
    'What was the key decision you made there, and why?',
    'How did you approach it, step by step?',
  ],
  /** The answer says what "we" did: an interviewer wants the candidate's own part. */
  personal: ['That is what the team did — what did you do yourself?', 'Which part of that was yours, personally?'],
  result: ['What was the measurable outcome?', 'How did it end, and how did you know it had worked?', 'What changed because of what you did?'],
  learning: ['What did you take from it that you would bring to this role?', 'What would you do differently if it happened in this new role?'],
};

/** Asked when a complete answer does not yet show the requirement it was about (built around its label). */
export const INTERVIEW_RELEVANCE_FOLLOW_UPS: readonly QuoteLine[] = [
  (requirement) => `How does that example show “${requirement}”?`,
  (requirement) => `What in that story would convince an interviewer of “${requirement}”?`,
];

/** The fixed words of each relevance follow-up, to tell them apart in the conversation. */
export const RELEVANCE_MARKERS = ['how does that example show', 'what in that story would convince an interviewer of'];

/** Asked once every requirement was asked about: which to practise again. */
export const INTERVIEW_WRAP_UPS = [
  'Which of them would you like to practise again with a different example?',
  'Which answer felt weakest to you, so we can try it once more?',
  'Shall we go round again — which requirement would you like first?',
];

export const INTERVIEW_INTRO_LEADS = ["Let's practise for this role.", "Good, let's get you ready for this interview.", "Let's do a practice interview."];

export const INTERVIEW_EXAMPLE_PROMPTS = [
  'What is one example that comes to mind, even a small one?',
  'Think of any project or job — when did something like that come up?',
  'It can be from work, study or volunteering: when have you done something close to this?',
];

export const INTERVIEW_PATIENCE = ['Take your time.', 'Whenever you are ready.'];

export const INTERVIEW_FOLLOW_UP_LEADS = ['Good start.', 'Thanks, that helps.'];

/** Said instead of praise when the person declined or said too little to quote. */
export const INTERVIEW_SKIPS = ["That is fine — let's try another requirement.", 'No problem, we can come back to that one.'];

export const INTERVIEW_PRAISE: readonly ((quote: string, requirement: string) => string)[] = [
  (quote, requirement) => `Thank you — “${quote}” is a solid example for “${requirement}”.`,
  (quote, requirement) => `“${quote}” — that answers “${requirement}” well.`,
  (quote) => `Good: “${quote}” gives an interviewer something concrete.`,
];

export const INTERVIEW_NEXT_LEADS = ['Next:', "Let's move on.", 'Now the next requirement.'];

export const INTERVIEW_CHOICE_LEADS = ['Good choice.', "Let's do it.", 'Great.'];

/** Questions for practising a requirement again, in the order they are asked, after its own "again" question. */
export const PRACTICE_AGAIN_QUESTIONS: readonly QuoteLine[] = [
  (core) => `Tell me about one more time you ${core}.`,
  (core) => `What is your strongest example of a time you ${core}?`,
  (core) => `Describe a time it was hard for you when you ${core} — what happened?`,
  (core) => `What did you learn the last time you ${core}?`,
];

/** Asked once every practice question of every requirement was. */
export const INTERVIEW_OPEN_QUESTIONS = [
  'Which requirement would you like to practise next?',
  'Is there a requirement you feel least ready for?',
  'Which of your answers would you like to make stronger?',
  'What else from your experience fits this role that we have not covered yet?',
];

export const INTERVIEW_DETAIL_QUESTIONS: readonly QuoteLine[] = [
  (quote) => `What else about “${quote}” would you want the interviewer to hear?`,
  (quote) => `What is one more detail about “${quote}” that would impress an interviewer?`,
];

/** Said when the person asks about the interview question itself, before it is asked again. */
export const INTERVIEW_CLARIFY_LEADS = [
  'Good question. Any real example works — from work, study or volunteering — as long as you can say what you did yourself and how it turned out.',
  'Take it in the way that fits your experience best: one real situation, what you did, and how it ended.',
];

/** Said when the person does not know what to talk about in a practice, before the question again. */
export const INTERVIEW_IDEAS_LEADS = [
  'Any real example works — from work, study or volunteering, big or small: one situation, what you did, and how it ended.',
  'Think of one project, job or team where something like this came up; a small example is fine.',
];

export const INTERVIEW_INTRODUCTION =
  'I am here, and I can hear you: I am your interviewer for this practice, asking one question at a time about the requirements you selected.';

export const INTERVIEW_OFF_TOPIC_LEADS = ["Let's keep to the interview for now.", 'I will leave that one aside — we are practising for your interview.'];

export const INTERVIEW_THANKS_LEADS = ['You are welcome!', 'My pleasure.'];

/** Said when the person ends the practice. */
export const INTERVIEW_GOODBYES = [
  'Thank you for practising today — well done. Come back any time to practise again.',
  'Good work today. Come back whenever you want another round.',
];

/** Asked once after an answer that says the person has not done it (issue 38, 4): the nearest thing they have done. */
export const INTERVIEW_ADMISSION_FOLLOW_UP = (requirement: string): string =>
  `Thank you for saying so plainly. What is the closest thing you have done to “${requirement}”, and what did you do yourself?`;
