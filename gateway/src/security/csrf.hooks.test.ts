import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VerifiedCsrfTokens, csrfTokenBelongsTo, csrfTokenFor } from './csrf.hooks.ts';

describe('CSRF tokens', () => {
  const key = randomBytes(32);

  it('belong to the session they were made for only, and to no other key', () => {
    const token = csrfTokenFor(key, 'session-a');
    expect(csrfTokenBelongsTo(key, token, 'session-a')).toBe(true);
    expect(csrfTokenBelongsTo(key, token, 'session-b')).toBe(false);
    expect(csrfTokenBelongsTo(randomBytes(32), token, 'session-a')).toBe(false);
    expect(csrfTokenBelongsTo(key, `${token}x`, 'session-a')).toBe(false);
  });

  it('are verified once per token and session, and what did not verify is never kept', () => {
    const verified = new VerifiedCsrfTokens(key);
    const token = csrfTokenFor(key, 'session-a');
    expect(verified.belongs(token, 'session-a')).toBe(true);
    expect(verified.belongs(token, 'session-a')).toBe(true);
    expect(verified.size).toBe(1);
    // The same token from another session, a forged one, one of another key: refused, and not kept.
    expect(verified.belongs(token, 'session-b')).toBe(false);
    expect(verified.belongs(`${token.split('.')[0]}.forged`, 'session-a')).toBe(false);
    expect(verified.belongs(csrfTokenFor(randomBytes(32), 'session-a'), 'session-a')).toBe(false);
    expect(verified.size).toBe(1);
  });

  it('keeps at most its limit, the oldest forgotten first (and verified again when it comes back)', () => {
    const verified = new VerifiedCsrfTokens(key, 2);
    const tokens = ['s1', 's2', 's3'].map((session) => ({ session, token: csrfTokenFor(key, session) }));
    for (const { session, token } of tokens) expect(verified.belongs(token, session)).toBe(true);
    expect(verified.size).toBe(2);
    const [first] = tokens;
    expect(verified.belongs(first?.token ?? '', first?.session ?? '')).toBe(true);
    expect(verified.size).toBe(2);
  });
});
