import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@story/proto';
import { loadCommonPasswordRule } from './common-password-rule.ts';

describe('loadCommonPasswordRule', () => {
  it('loads proto’s rule once and hands the same one to every caller', async () => {
    const [first, second] = await Promise.all([loadCommonPasswordRule(), loadCommonPasswordRule()]);
    expect(first).toBe(second);
    expect(first?.('Qwerty123!')).toBe(MESSAGES.passwordTooCommon);
    expect(first?.('Stories4ever!')).toBeUndefined();
  });
});
