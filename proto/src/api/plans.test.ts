import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PLAN_FEATURES,
  DEFAULT_RESPONSE_TYPES,
  PDF_DOWNLOADS,
  PLAN_FEATURE_NAMES,
  PLAN_FEATURE_NOTES,
  cheapestPlanWith,
  featureLockedMessage,
  featuresOfOpening,
  featuresOfTurn,
  firstMissingFeature,
  responseTypeFor,
  voiceSettingConflict,
  withVoiceRepliesOf,
} from './plans.ts';

/** Issue 36, 4: what each door needs is said once here, and the plan table says the same. */
describe('what each PDF needs', () => {
  it('needs Export to PDF for every PDF, and the feature whose content it prints for the others', () => {
    expect(Object.fromEntries(Object.entries(PDF_DOWNLOADS).map(([key, pdf]) => [key, pdf.needs]))).toEqual({
      thread: ['pdfExport'],
      practice: ['interviewPractice', 'pdfExport'],
      mockReport: ['mockInterviews', 'pdfExport'],
      resume: ['resume', 'pdfExport'],
    });
    expect(Object.values(PDF_DOWNLOADS).map((pdf) => pdf.path)).toEqual([
      '/api/conversation-threads/:threadId/pdf',
      '/api/snippet-conversations/:snippetId/pdf',
      '/api/mock-interviews/:id/pdf',
      '/api/resumes/:id/pdf',
    ]);
  });

  it('has the plan table name every PDF and what else it needs, from the same table', () => {
    expect(PLAN_FEATURE_NOTES.pdfExport).toBe(
      'Every PDF: conversation transcripts; interview-practice transcripts (with Interview practice); ' +
        'mock interview reports (with Mock interviews); résumés (with Résumé upload and suggestions).',
    );
    for (const pdf of Object.values(PDF_DOWNLOADS)) {
      expect(PLAN_FEATURE_NOTES.pdfExport).toContain(pdf.name.toLowerCase());
      for (const feature of pdf.needs.filter((need) => need !== 'pdfExport')) expect(PLAN_FEATURE_NOTES.pdfExport).toContain(PLAN_FEATURE_NAMES[feature]);
    }
  });

  it('refuses a Starter person with the first feature missing, in the order the table gives', () => {
    const starter = DEFAULT_PLAN_FEATURES.standard;
    const sentence = (needs: readonly (keyof typeof starter)[]) => {
      const missing = firstMissingFeature(starter, needs);
      return (
        missing &&
        featureLockedMessage(
          missing,
          cheapestPlanWith(missing, (type) => DEFAULT_PLAN_FEATURES[type]),
        )
      );
    };
    expect(sentence(PDF_DOWNLOADS.thread.needs)).toBe('Export to PDF is part of the Pro plan.');
    expect(sentence(PDF_DOWNLOADS.practice.needs)).toBe('Export to PDF is part of the Pro plan.');
    expect(sentence(PDF_DOWNLOADS.mockReport.needs)).toBe('Mock interviews are part of the Pro plan.');
    expect(sentence(PDF_DOWNLOADS.resume.needs)).toBe('Résumé upload and suggestions are part of the Essentials plan.');
    expect(firstMissingFeature(DEFAULT_PLAN_FEATURES.pro, PDF_DOWNLOADS.mockReport.needs)).toBeUndefined();
  });
});

describe('what a coach turn needs', () => {
  it('needs mock interviews for a mock interview answer, interview practice for requirements or a snippet, nothing for a story', () => {
    expect(featuresOfTurn({ mockInterviewId: 4 })).toEqual(['mockInterviews']);
    expect(featuresOfTurn({ context: '- Lead teams' })).toEqual(['interviewPractice']);
    expect(featuresOfTurn({ snippetId: 7 })).toEqual(['interviewPractice']);
    expect(featuresOfTurn({ context: '   ' })).toEqual([]);
    expect(featuresOfTurn({})).toEqual([]);
  });

  it('needs interview practice for an opening unless it opens a story (a résumé line, a requirement with no story yet)', () => {
    expect(featuresOfOpening({ mockInterviewId: 4 })).toEqual(['mockInterviews']);
    expect(featuresOfOpening({})).toEqual(['interviewPractice']);
    expect(featuresOfOpening({ context: '- Lead teams' })).toEqual(['interviewPractice']);
    expect(featuresOfOpening({ resumeBullet: { resumeId: 1, bulletId: 'b1' } })).toEqual([]);
    expect(featuresOfOpening({ storyRequirement: 'Lead teams' })).toEqual([]);
    expect(featuresOfOpening({ storyRequirement: 'Lead teams', snippetId: 3 })).toEqual(['interviewPractice']);
  });
});

/** Issue 39, 4: one setting decides whether replies are spoken, and the defaults follow the pricing copy. */
describe('one voice setting', () => {
  it('speaks replies on Essentials and Pro by default, never on Starter ("Text-only AI conversation")', () => {
    expect(DEFAULT_RESPONSE_TYPES).toEqual({ standard: 'text', plus: 'text_and_voice', pro: 'text_and_voice' });
    expect([DEFAULT_PLAN_FEATURES.standard.voiceReplies, DEFAULT_PLAN_FEATURES.plus.voiceReplies, DEFAULT_PLAN_FEATURES.pro.voiceReplies]).toEqual([
      false,
      true,
      true,
    ]);
    expect(
      featureLockedMessage(
        'voiceReplies',
        cheapestPlanWith('voiceReplies', (type) => DEFAULT_PLAN_FEATURES[type]),
      ),
    ).toBe('AI voice replies are part of the Essentials plan.');
  });

  it('reads AI voice replies from the reply type, whatever the features said', () => {
    expect(withVoiceRepliesOf({ ...DEFAULT_PLAN_FEATURES.pro, voiceReplies: false }, 'text_and_voice').voiceReplies).toBe(true);
    expect(withVoiceRepliesOf(DEFAULT_PLAN_FEATURES.pro, 'text')).toEqual({ ...DEFAULT_PLAN_FEATURES.pro, voiceReplies: false });
    expect(responseTypeFor(true)).toBe('text_and_voice');
    expect(responseTypeFor(false)).toBe('text');
  });

  it('finds a change that says both disagreeing, and lets one that says one, or both alike, through', () => {
    expect(voiceSettingConflict({ responseType: 'text' })).toBeUndefined();
    expect(voiceSettingConflict({ responseType: 'text', features: { resume: true } })).toBeUndefined();
    expect(voiceSettingConflict({ responseType: 'text_and_voice', features: { voiceReplies: true } })).toBeUndefined();
    expect(voiceSettingConflict({ responseType: 'text', features: { voiceReplies: true } })).toBe(
      'features.voiceReplies true disagrees with responseType text: replies are spoken exactly when responseType is text_and_voice',
    );
    expect(voiceSettingConflict({ responseType: 'text_and_voice', features: { voiceReplies: false } })).toMatch(/^features.voiceReplies false disagrees/);
  });
});
