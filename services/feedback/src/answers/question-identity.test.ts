import { describe, expect, it } from 'vitest';
import { attemptKey } from './attempts.ts';
import { askedQuestion, practisedRequirements, questionKeyIn, questionSignature } from './question-identity.ts';

const REQUIREMENTS = '- Mentor junior engineers and review their code\n- Design APIs for partners\n- Learn new tools quickly';
const OPENING =
  "Let's practise for this role. I will ask about the requirements you selected, one at a time: “Mentor junior engineers and review their code”; “Design APIs for partners”; “Learn new tools quickly”. First, tell me about a time you had to mentor junior engineers and review their code.";
const SCOPE = 'snippet:7';

/** The key an answer to `turn` gets when the person already has `earlier` questions (turns) in the scope. */
function keyAfter(turn: string, earlier: readonly string[] = []): string {
  const groups = earlier.map((question) => ({ questionKey: questionKeyIn(SCOPE, question, REQUIREMENTS, []), question }));
  return questionKeyIn(SCOPE, turn, REQUIREMENTS, groups);
}

describe('the question a coach’s turn asks', () => {
  it('leaves out leads, the intro’s list of requirements and a short tail question', () => {
    expect(askedQuestion(OPENING)).toBe('tell me about a time you had to mentor junior engineers and review their code.');
    expect(askedQuestion('Great, let’s begin. Tell me about a time you had to design APIs for partners.')).toBe(
      'Tell me about a time you had to design APIs for partners.',
    );
    expect(
      askedQuestion(
        'Thank you — “I paired on every review” is a solid example for “Mentor junior engineers and review their code”. Next: Tell me about a time you had to design APIs for partners.',
      ),
    ).toBe('Tell me about a time you had to design APIs for partners.');
    expect(askedQuestion('Welcome! Can you describe a situation where you designed an API for a partner? What was your role?')).toBe(
      'Can you describe a situation where you designed an API for a partner?',
    );
    expect(askedQuestion("Hi! Let's start with a behavioural question: tell me about a time you designed an API.")).toBe(
      'tell me about a time you designed an API.',
    );
  });

  it('reads which requirement is asked about and which question of it', () => {
    const practised = practisedRequirements(REQUIREMENTS);
    const read = (turn: string) => {
      const { requirement, frame } = questionSignature(turn, practised);
      return [requirement, frame];
    };
    expect(read(OPENING)).toEqual([0, 'first']);
    expect(read('Walk me through a time when you coached less experienced developers and reviewed their code.')).toEqual([0, 'first']);
    expect(read('Tell me about another time you had to design APIs for partners.')).toEqual([1, 'another']);
    expect(read('Tell me about one more time you had to design APIs for partners.')).toEqual([1, 'another']);
    expect(read('What is your strongest example of a time you had to design APIs for partners?')).toEqual([1, 'strongest']);
    expect(read('Describe a time it was hard for you when you had to design APIs for partners — what happened?')).toEqual([1, 'hard']);
    // The requirement's own "learn" is no question about what was learned; the second is.
    expect(read('Tell me about a time you had to learn new tools quickly.')).toEqual([2, 'first']);
    expect(read('What did you learn the last time you had to learn new tools quickly?')).toEqual([2, 'learned']);
  });

  it('finds the requirement in near words and spelt-out abbreviations, and still tells two requirements that share one', () => {
    const practised = practisedRequirements(
      '- Keep stock levels accurate and shelves replenished\n- Handle cash and card payments accurately\n- Meet agreed service levels',
    );
    const requirementOf = (turn: string) => questionSignature(turn, practised).requirement;
    expect(requirementOf('Walk me through how you made sure the inventory counts were right and nothing ran out on the shelves.')).toBe(0);
    expect(requirementOf('Give me an example of looking after the register and processing transactions correctly.')).toBe(1);
    expect(requirementOf('Describe a time you kept to a tight SLA.')).toBe(2);
    expect(requirementOf('Describe a time you had to make sure payments were taken accurately.')).toBe(1);
    expect(questionSignature('Tell me about a time you made a mistake with a stock count.', practised).frame).toBe('hard');
  });
});

describe('the key of an attempt', () => {
  it('is the same for the opening, the question after "I’m ready" or "repeat", a new session’s intro and a paraphrase', () => {
    const first = keyAfter(OPENING);
    const turns = [
      'Great, let’s begin. Tell me about a time you had to mentor junior engineers and review their code.',
      'Sure — here it is again. Tell me about a time you had to mentor junior engineers and review their code.',
      OPENING.replace("Let's practise for this role.", "Good, let's get you ready for this interview."),
      'Thanks for joining. To start, can you share an example of when you mentored a junior developer and reviewed their code?',
    ];
    for (const turn of turns) expect(keyAfter(turn, [OPENING]), turn).toBe(first);
    // Before, each of them was a question of its own.
    const before = (question: string) => attemptKey({ answerId: 'a', question, snippetId: 7, kind: 'practice' });
    expect(new Set([OPENING, ...turns].map(before)).size).toBe(turns.length + 1);
  });

  it('tells apart the practice questions of one requirement, and the requirements of one snippet', () => {
    const questions = [
      OPENING,
      'Good choice. Tell me about another time you had to mentor junior engineers and review their code.',
      'What is your strongest example of a time you had to mentor junior engineers and review their code?',
      'Describe a time it was hard for you when you had to mentor junior engineers and review their code — what happened?',
      'What did you learn the last time you had to mentor junior engineers and review their code?',
      'Next: Tell me about a time you had to design APIs for partners.',
      'Now the next requirement. Tell me about a time you had to learn new tools quickly.',
    ];
    const keys = questions.map((question, index) => keyAfter(question, questions.slice(0, index)));
    expect(new Set(keys).size).toBe(questions.length);
  });

  it('joins a question stored under a key of before (the whole turn’s words), and joins the right one of several', () => {
    const legacy = attemptKey({ answerId: 'a', question: OPENING, snippetId: 7, kind: 'practice' });
    const apis = attemptKey({ answerId: 'b', question: 'Next: Tell me about a time you had to design APIs for partners.', snippetId: 7, kind: 'practice' });
    const groups = [
      { questionKey: legacy, question: OPENING },
      { questionKey: apis, question: 'Next: Tell me about a time you had to design APIs for partners.' },
    ];
    expect(questionKeyIn(SCOPE, 'Of course. Tell me about a time you had to design APIs for partners.', REQUIREMENTS, groups)).toBe(apis);
    expect(
      questionKeyIn(
        SCOPE,
        'Hello! Whenever you are ready. Tell me about a time you had to mentor junior engineers and review their code.',
        REQUIREMENTS,
        groups,
      ),
    ).toBe(legacy);
    // Another snippet's questions are never joined.
    expect(questionKeyIn('snippet:8', OPENING, REQUIREMENTS, groups)).not.toBe(legacy);
  });

  it('compares the words of questions about no requirement', () => {
    const open =
      'Good: “I kept every renewal on one sheet” gives an interviewer something concrete. What else from your experience fits this role that we have not covered yet?';
    expect(keyAfter('Sure — here it is again. What else from your experience fits this role that we have not covered yet?', [open])).toBe(keyAfter(open));
    expect(keyAfter('Which requirement would you like to practise next?', [open])).not.toBe(keyAfter(open));
  });
});
