import { describe, expect, it } from 'vitest';
import { relevanceScore, splitAtPassage, storyConversationPath } from './story-result.ts';

describe('story results', () => {
  it('shows 1 minus the distance to 4 decimals', () => {
    expect(relevanceScore(0.12345)).toBe('0.8765');
    expect(relevanceScore(0)).toBe('1.0000');
    expect(relevanceScore(1)).toBe('0.0000');
  });

  it('cuts the content around the passage, clamped to the text', () => {
    expect(splitAtPassage('abc def ghi', { start: 4, end: 7 })).toEqual(['abc ', 'def', ' ghi']);
    expect(splitAtPassage('abc', undefined)).toEqual(['abc', '', '']);
    expect(splitAtPassage('abc', { start: 2, end: 99 })).toEqual(['ab', 'c', '']);
    expect(splitAtPassage('abc', { start: 5, end: 1 })).toEqual(['abc', '', '']);
  });

  it('opens a story’s thread at its message, or its practice conversation at its exchange', () => {
    expect(storyConversationPath({ kind: 'message', threadId: 5, messageId: 42 })).toBe('/recording?mode=continue&threadId=5&message=42');
    expect(storyConversationPath({ kind: 'exchange', snippetId: 3, conversationId: 9, exchange: 2 })).toBe('/interview-practice/conversations/3#exchange-9-2');
    expect(storyConversationPath(undefined)).toBeUndefined();
  });
});
