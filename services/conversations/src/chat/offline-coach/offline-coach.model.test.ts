import { describe, expect, it } from 'vitest';
import { questions } from './coach-test-kit.ts';
import { coachTurn, OfflineCoachModel } from './offline-coach.model.ts';

describe('offline coach model', () => {
  it('is deterministic, yet varies its phrasing with the content', () => {
    const request = { text: 'I rebuilt the billing system at my startup.', history: [] };
    expect(coachTurn(request)).toBe(coachTurn(request));
    const openings = new Set(
      [
        'I rebuilt the billing system.',
        'I trained the new hires.',
        'I rewrote the onboarding guide.',
        'I negotiated a new contract.',
        'I fixed the flaky tests.',
        'I organised the offsite.',
      ].map((text) => coachTurn({ text, history: [] }).replace(/“[^”]*”/g, '…')),
    );
    expect(openings.size).toBeGreaterThan(1);
  });

  it('never answers with nothing, whatever it is sent', async () => {
    const model = new OfflineCoachModel();
    for (const text of ['?', '...', '🙂', 'a', 'ok', 'no', 'x'.repeat(5000), 'I I I I', 'we we we', '12345', '%%%']) {
      const reply = await model.reply({ text, history: [] });
      expect(reply.trim().length, text).toBeGreaterThan(30);
      expect(questions(reply).length, text).toBeGreaterThanOrEqual(1);
    }
  });
});
