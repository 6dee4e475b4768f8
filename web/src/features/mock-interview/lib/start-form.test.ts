import { describe, expect, it } from 'vitest';
import { MOCK_INTERVIEW_MESSAGES as M } from '@story/proto';
import { checkStartForm, initialStartForm } from './start-form.ts';

describe('the mock interview start form', () => {
  it('makes the request with the defaults: 6 questions, 10 s to think, typed, no hands-free, every requirement', () => {
    expect(checkStartForm(initialStartForm(7))).toEqual({
      ok: true,
      request: { jobDescriptionId: 7, questionCount: 6, thinkSeconds: 10, mode: 'text', handsFreeSilenceSeconds: null },
    });
  });

  it('sends the chosen requirements, the target role trimmed, and the silence only in hands-free voice', () => {
    const values = {
      ...initialStartForm(7),
      mode: 'voice' as const,
      snippetIds: [3, 4],
      targetRole: '  Staff engineer ',
      handsFree: true,
      silenceSeconds: '5',
    };
    expect(checkStartForm(values)).toMatchObject({ ok: true, request: { snippetIds: [3, 4], targetRole: 'Staff engineer', handsFreeSilenceSeconds: 5 } });
    expect(checkStartForm({ ...values, mode: 'text' })).toMatchObject({ ok: true, request: { mode: 'text', handsFreeSilenceSeconds: null } });
  });

  it('tells the first problem with the API’s own message, and the field it is about', () => {
    expect(checkStartForm(initialStartForm(null))).toEqual({ ok: false, field: 'jobDescriptionId', message: M.jobDescriptionRequired });
    const form = initialStartForm(7);
    for (const questionCount of ['4', '9', '5.5', '', 'six'])
      expect(checkStartForm({ ...form, questionCount }), questionCount).toEqual({ ok: false, field: 'questionCount', message: M.questionCount });
    for (const thinkSeconds of ['-1', '61', ''])
      expect(checkStartForm({ ...form, thinkSeconds }), thinkSeconds).toEqual({ ok: false, field: 'thinkSeconds', message: M.thinkSeconds });
    for (const silenceSeconds of ['1', '31'])
      expect(checkStartForm({ ...form, mode: 'voice', handsFree: true, silenceSeconds }), silenceSeconds).toEqual({
        ok: false,
        field: 'silenceSeconds',
        message: M.silenceSeconds,
      });
    expect(checkStartForm({ ...form, handsFree: false, silenceSeconds: '99' }).ok).toBe(true);
    expect(checkStartForm({ ...form, targetRole: 'x'.repeat(201) })).toEqual({ ok: false, field: 'targetRole', message: M.targetRoleTooLong });
  });

  it('accepts the limits themselves', () => {
    const form = initialStartForm(7);
    for (const questionCount of ['5', '8']) expect(checkStartForm({ ...form, questionCount }).ok).toBe(true);
    for (const thinkSeconds of ['0', '60']) expect(checkStartForm({ ...form, thinkSeconds }).ok).toBe(true);
  });

  it('uses the current résumé unless the person turns it off, then says so with resumeId null', () => {
    const form = initialStartForm(7);
    const used = checkStartForm(form);
    expect(used.ok && 'resumeId' in used.request).toBe(false);
    const without = checkStartForm({ ...form, useResume: false });
    expect(without.ok && without.request.resumeId).toBeNull();
  });
});
