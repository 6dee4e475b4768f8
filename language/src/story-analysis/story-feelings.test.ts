import { describe, expect, it } from 'vitest';
import { expressesFeeling, feelingWord } from './story-feelings.ts';
import { classify } from './story-signals.ts';

/** How each text reads: [text, the feeling named back, a feeling at all]. */
const asFeeling = (texts: readonly string[]) => texts.map((text) => [text, feelingWord(text), classify(text).has('feeling')]);

const NOT_THEIRS = [
  'the connection pool was exhausted',
  'At my last job the connection pool was exhausted every night during the sales peak.',
  'Our servers were overwhelmed by the Black Friday traffic and the disk was full.',
  'The API quota got exhausted by noon, so the server crashed.',
  'The build agents were completely stressed under the load.',
  'The memory was exhausted and the queue was overwhelmed with retries.',
  'My manager was frustrated with the vendor.',
  'I had a stressed team and an exhausted budget.',
  'I exhausted every option before I escalated.',
];
const THEIRS: [string, string][] = [
  ['I was exhausted after three weeks of night shifts.', 'exhausted'],
  ['honestly it was exhausting and I burned out', 'burned out'],
  ['I felt really proud of the team.', 'proud'],
  ['I presented the plan to the board and I was so nervous.', 'nervous'],
  ['The connection pool was exhausted and I was completely overwhelmed.', 'overwhelmed'],
  ['The outage left me exhausted.', 'exhausted'],
  ['We were all thrilled when it went live.', 'thrilled'],
  ['I’m proud of how we handled it.', 'proud'],
  ['Exhausted, but relieved.', 'exhausted'],
  ['we were understaffed and stressed', 'stressed'],
  ['I was a bit nervous at first.', 'nervous'],
];

describe('the person’s own feelings', () => {
  it('does not take a resource that ran out, a machine under load or someone else’s mood for the person’s feeling', () => {
    expect(asFeeling(NOT_THEIRS)).toEqual(NOT_THEIRS.map((text) => [text, undefined, false]));
  });

  it('still hears a feeling the person names, however they phrase it', () => {
    expect(asFeeling(THEIRS.map(([text]) => text))).toEqual(THEIRS.map(([text, feeling]) => [text, feeling, true]));
  });
});

describe('feelings told as an experience', () => {
  it('hears "it was stressful" as a feeling without a word to name back', () => {
    expect(expressesFeeling('Honestly, the whole migration was stressful.')).toBe(true);
    expect(feelingWord('Honestly, the whole migration was stressful.')).toBeUndefined();
    expect(expressesFeeling('The connection pool was exhausted by noon.')).toBe(false);
  });
});
