import { describe, expect, it } from 'vitest';
import { isComplete, missingSlots, readStory, slotOfQuestion } from './story-state.ts';
import type { Turn } from './turn-writer.ts';

const user = (content: string): Turn => ({ role: 'user', content });
const coach = (content: string): Turn => ({ role: 'assistant', content });

describe('story state read from the thread', () => {
  it('gathers the STAR parts told across turns and asks for what is missing, most important first', () => {
    const story = readStory('I rewrote the image loading.', [user('At my last job our checkout page was slow.'), coach('What did you do first?')]);
    expect([...story.elements]).toEqual(expect.arrayContaining(['situation', 'action']));
    expect(story.started).toBe(true);
    expect(missingSlots(story)).toEqual(['result', 'learning']);
    expect(isComplete(story)).toBe(false);
  });

  it('counts an answer given right after a question for what was asked, even in words no pattern knows', () => {
    const story = readStory('Everything was quiet for months after that.', [
      user('I rewrote the image loading at my last job.'),
      coach('How did it turn out in the end?'),
    ]);
    expect(story.covered.has('result')).toBe(true);
  });

  it('lets a question go once it was asked twice without an answer', () => {
    const history = [user('I rewrote the image loading.'), coach('How did it turn out in the end?'), user('hmm'), coach('What happened as a result?')];
    expect(readStory('ok', history).covered.has('result')).toBe(true);
    expect(readStory('ok', history.slice(0, 2)).covered.has('result')).toBe(false);
  });

  it('asks for the person’s own part after a team account', () => {
    const story = readStory('We rebuilt the whole pipeline.', [user('At my last job the releases kept failing.'), coach('What did you do first?')]);
    expect(missingSlots(story)[0]).toBe('personal');
  });

  it('starts a new story after the coach’s summary', () => {
    const history = [user('I rewrote the image loading at my last job.'), coach('Here is the story as I heard it. What would you like to explore next?')];
    const story = readStory('sure', history);
    expect(story.userTurns).toEqual(['sure']);
    expect(story.started).toBe(false);
  });

  it('knows which slot a coach turn asked about', () => {
    expect(slotOfQuestion('“I rewrote it” — good. How did you know it had worked?')).toBe('result');
    expect(slotOfQuestion('Hello!')).toBeUndefined();
  });

  it('does not take a count in the situation for the result, nor for its figure', () => {
    const sized = readStory('I rewrote the on-call process.', [user('I led a team of 200 people at a bank.'), coach('What did you do first?')]);
    expect(sized.covered.has('result')).toBe(false);
    expect(missingSlots(sized)).toContain('result');
    const history = [
      user('At a company of about 200 people our checkout page was slow.'),
      coach('What did you do first?'),
      user('I profiled the page and rewrote the image loading.'),
      coach('How did it turn out in the end?'),
    ];
    const unmeasured = readStory('The page got much faster and conversion improved.', history);
    expect(missingSlots(unmeasured)[0]).toBe('quantify');
  });

  it('takes a figure given when asked how it turned out or for a number as the measured result', () => {
    const history = [
      user('At my last job our checkout page was slow.'),
      coach('What did you do first?'),
      user('I rewrote the image loading.'),
      coach('How did it turn out in the end?'),
      user('The page got much faster.'),
      coach('How big was the difference, roughly, in numbers?'),
    ];
    expect(readStory('about 30%', history).covered.has('quantify')).toBe(true);
    const asked = readStory('about 30%', history.slice(0, 4));
    expect([asked.covered.has('result'), asked.covered.has('quantify')]).toEqual([true, true]);
  });
});

describe('story state: what is not an answer leaves the question standing', () => {
  it('does not count the question asked again after "Can you repeat that?" as asked twice', () => {
    const history = [
      user('I rewrote the image loading.'),
      coach('How did it turn out in the end?'),
      user('Can you repeat the question?'),
      coach('Of course. How did it turn out in the end?'),
    ];
    const story = readStory('ok', history);
    expect(story.covered.has('result')).toBe(false);
    expect(story.lastAsked).toBe('result');
  });

  it('takes the answer after "Give me a second" for the question asked before it', () => {
    const history = [
      user('I rewrote the image loading.'),
      coach('How did it turn out in the end?'),
      user('Give me a second.'),
      coach('Take all the time you need; there is no rush.'),
    ];
    const story = readStory('Everything was quiet for months after that.', history);
    expect(story.covered.has('result')).toBe(true);
    expect(readStory('about 30%', history).covered.has('quantify')).toBe(true);
  });
});
