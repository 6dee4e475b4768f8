/** One step of the landing page's demo: what it shows, and what is said in the sample conversation. */
export interface DemoStep {
  title: string;
  text: string;
  said: { by: 'you' | 'coach'; text: string };
}

/** "Watch Demo": a sample conversation, told in four steps. */
export const DEMO_STEPS: readonly DemoStep[] = [
  {
    title: 'Tell your story',
    text: 'Start a voice or a text conversation, or upload a recording, and say what happened in your own words.',
    said: { by: 'you', text: 'Last spring I led the move of our online checkout to a new payment provider.' },
  },
  {
    title: 'The coach asks what matters',
    text: 'The AI coach replies, by text and if you like by voice, with the question an interviewer would ask next.',
    said: { by: 'coach', text: 'What was your own part in the move, and how did you know it had worked?' },
  },
  {
    title: 'Go deeper',
    text: 'You answer, and your story gains the details that make it convincing: what you did, and what came of it.',
    said: { by: 'you', text: 'I planned the cut-over and ran it overnight with two engineers. Failed payments dropped by a third.' },
  },
  {
    title: 'Keep it and practise',
    text: 'Save the conversation, search your stories later, or practise interview answers against a job description you saved.',
    said: { by: 'coach', text: 'That is a strong result. How would you tell it in two minutes for a payments role?' },
  },
];
