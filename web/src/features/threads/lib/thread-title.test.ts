import { LIMITS } from '@story/proto';
import { describe, expect, it } from 'vitest';
import { titleEditOutcome } from './thread-title.ts';

describe('titleEditOutcome', () => {
  it('saves a changed title, trimmed', () => {
    expect(titleEditOutcome('  My first job  ', 'New Conversation')).toEqual({ kind: 'save', title: 'My first job' });
  });

  it('does not save an empty or whitespace-only title', () => {
    expect(titleEditOutcome('', 'New Conversation')).toEqual({ kind: 'discard' });
    expect(titleEditOutcome('   \t\n ', 'New Conversation')).toEqual({ kind: 'discard' });
  });

  it('does not send a request for an unchanged title', () => {
    expect(titleEditOutcome('New Conversation', 'New Conversation')).toEqual({ kind: 'discard' });
    expect(titleEditOutcome(' New Conversation ', 'New Conversation')).toEqual({ kind: 'discard' });
  });

  it('keeps inner spacing and case changes', () => {
    expect(titleEditOutcome('new  conversation', 'New Conversation')).toEqual({ kind: 'save', title: 'new  conversation' });
  });

  it('does not save a title longer than the server accepts', () => {
    expect(titleEditOutcome('x'.repeat(LIMITS.title + 1), 'a')).toEqual({ kind: 'discard' });
    expect(titleEditOutcome('x'.repeat(LIMITS.title), 'a')).toEqual({ kind: 'save', title: 'x'.repeat(LIMITS.title) });
  });
});
