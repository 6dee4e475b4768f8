/** Mock interviews (issue 23): what the API and the screens say when something is wrong or done. */
export const MOCK_INTERVIEW_MESSAGES = {
  // ---- planning ----
  jobDescriptionRequired: 'Please choose a job description',
  jobDescriptionNotFound: 'Job description not found',
  resumeNotFound: 'Résumé not found',
  snippetNotFound: 'One of the chosen requirements was not found',
  questionCount: 'Choose between 5 and 8 questions',
  thinkSeconds: 'Think time must be between 0 and 60 seconds',
  silenceSeconds: 'Hands-free silence must be between 2 and 30 seconds',
  targetRoleTooLong: 'Keep the target role under 200 characters',
  noRequirements: 'This job description has no requirements to ask about yet. Save a requirement snippet first.',
  planFailed: 'Failed to plan the interview. Please try again.',
  planned: 'Your mock interview is ready',
  // ---- the interview ----
  notFound: 'Mock interview not found',
  questionNotFound: 'Question not found',
  storyNotFound: 'Story not found',
  answerEmpty: 'Please answer before sending',
  answerTooLong: 'Keep your answer under 20000 characters',
  finished: 'This mock interview is finished. Start a new one to practise again.',
  alreadyAnswered: 'This question was already answered, in another tab or window. Reload to continue.',
  notCurrent: 'This is not the question being asked now. Reload to continue.',
  noFollowUp: 'There is no follow-up to answer for this question',
  nothingAnswered: 'Answer at least one question before finishing',
  answerFailed: 'Failed to record your answer. Please try again.',
  // ---- screens ----
  noStoryYet: 'No story yet: tell one',
  pinned: 'Story pinned to this question',
  unpinned: 'Story unpinned',
} as const;
