import { describe, expect, it } from 'vitest';
import type { TextEncoder } from '@story/service-kit/sentence-encoder';
import { SentenceEncoderError } from '@story/service-kit/sentence-encoder';
import { OfflineFeedbackEngine } from './offline-feedback.engine.ts';

/** An encoder whose vectors put texts that share a topic word near each other: it stands in for the model in unit tests. */
function topicEncoder(topics: Record<string, readonly string[]>): TextEncoder {
  const names = Object.keys(topics);
  return {
    id: 'topics',
    dimensions: names.length + 1,
    embed: async (texts) =>
      texts.map((text) => {
        const vector = new Float32Array(names.length + 1);
        names.forEach((name, index) => {
          if ((topics[name] ?? []).some((word) => text.toLowerCase().includes(word))) vector[index] = 1;
        });
        vector[names.length] = 0.3;
        const norm = Math.hypot(...vector);
        return vector.map((value) => value / norm);
      }),
  };
}

const OUTAGE = {
  question: 'Tell me about a time you handled an outage.',
  answer:
    'Last winter our payment service went down on a Friday evening. I checked the dashboards and rolled back the release. We restored the service in two hours.',
};
const relevance = async (engine: OfflineFeedbackEngine, input: typeof OUTAGE) =>
  (await engine.assess(input)).assessment.find((score) => score.dimension === 'relevance');

describe('relevance by meaning (issue 38, 4)', () => {
  it('hears an answer that speaks to the question in other words, where the words alone said "nothing shows it"', async () => {
    expect((await relevance(new OfflineFeedbackEngine(), OUTAGE))?.comment).toMatch(/^Nothing in the answer shows/);
    const near = await relevance(new OfflineFeedbackEngine(topicEncoder({ outage: ['outage', 'went down', 'restored the service'] })), OUTAGE);
    expect(near?.comment).not.toMatch(/Nothing in the answer shows/);
    expect(near?.score).toBeGreaterThanOrEqual(6);
    expect(OUTAGE.answer).toContain(near?.quote?.text ?? '—');
  });

  it('still says an answer far in meaning is about something else', async () => {
    const far = await relevance(
      new OfflineFeedbackEngine(topicEncoder({ outage: ['outage'], cooking: ['dashboards', 'release', 'service', 'winter'] })),
      OUTAGE,
    );
    expect(far?.comment).toMatch(/^Nothing in the answer shows/);
  });

  it('judges by the rules alone when the encoder cannot answer', async () => {
    const broken: TextEncoder = { id: 'broken', dimensions: 2, embed: async () => Promise.reject(new SentenceEncoderError('no thread')) };
    expect((await relevance(new OfflineFeedbackEngine(broken), OUTAGE))?.comment).toMatch(/^Nothing in the answer shows/);
  });
});
