import { describe, expect, it } from 'vitest';
import { admissionIn, admitsNotHaving } from './admissions.ts';

describe('admissions: saying one has not done it (issue 38, 4)', () => {
  it('hears the usual ways of saying so, with or without a related story after', () => {
    for (const said of [
      'I have not run Kubernetes across regions myself. I ran our single-region cluster.',
      'Honestly I never owned a budget.',
      'I have no experience with vendor management directly.',
      "I haven't had the chance to own a P&L yet.",
      "To be honest, I've only read about Kubernetes and tried it on my laptop.",
      "I'm not familiar with contract negotiation, my manager always handled it.",
      'I have yet to let anyone go.',
      "I can't think of a time I did that exactly.",
      'My experience with cloud migrations is limited to watching another team do one.',
      'I did not write one myself, my professor wrote them.',
      'i dont have experience with pipelines, only with excel reports',
      'Honestly, not yet. I am still learning SQL.',
    ])
      expect(admitsNotHaving(said, 'Tell me about a time you did it.'), said).toBe(true);
    expect(admitsNotHaving('No, but I have built web apps with React for three years.', 'Have you worked with React Native?')).toBe(true);
  });

  it('does not hear an outcome, a boast or a scene as an admission', () => {
    for (const said of [
      'I sent a client the wrong invoice. I called them the same day. I have not made that mistake again.',
      'I never missed a deadline in three years, because I plan each week on Monday.',
      'I did not expect the client to cancel, so I called them the same afternoon and we kept the account.',
      'My supervisor asked me to sign a safety check I had not done. I refused and did the check myself.',
      'We hired three juniors with no experience and I trained them on the tills.',
      'No problem. At my last job I ran the night shift.',
    ])
      expect(admitsNotHaving(said, 'Tell me about a time you did it.'), said).toBe(false);
  });

  it('gives the sentence to quote', () => {
    expect(admissionIn('We used HubSpot. I have not worked with Salesforce.')).toBe('I have not worked with Salesforce.');
  });
});
