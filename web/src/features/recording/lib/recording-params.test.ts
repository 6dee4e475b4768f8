import { describe, expect, it } from 'vitest';
import { practiceConversationPath } from '../../../lib/paths.ts';
import { continueSearch, focusedMessageOf, parseRecordingParams, recordingPanel } from './recording-params.ts';

const parse = (query: string) => parseRecordingParams(new URLSearchParams(query));

describe('parseRecordingParams', () => {
  it('defaults: mode new, no thread, no context, snippetId 0, no type, no résumé bullet', () => {
    expect(parse('')).toEqual({ mode: 'new', threadId: null, context: '', snippetId: 0, type: null, resumeBullet: null, storyRequirement: null });
  });

  it('reads every parameter', () => {
    expect(parse('mode=continue&threadId=12&context=Lead%20a%20team&snippetId=7&type=text&resume=4&bullet=b-checkout&requirement=Own%20the%20rota')).toEqual({
      mode: 'continue',
      threadId: 12,
      context: 'Lead a team',
      snippetId: 7,
      type: 'text',
      resumeBullet: { resumeId: 4, bulletId: 'b-checkout' },
      storyRequirement: 'Own the rota',
    });
  });

  it('treats an unknown mode as new and an unknown type as absent', () => {
    expect(parse('mode=CONTINUE&type=video')).toMatchObject({ mode: 'new', type: null });
    expect(parse('mode=&type=')).toMatchObject({ mode: 'new', type: null });
    expect(parse('type=upload').type).toBe('upload');
    expect(parse('type=voice').type).toBe('voice');
  });

  it('gives snippetId 0 and threadId null for anything but a positive integer', () => {
    for (const bad of ['abc', '-3', '0', '1.5', '12abc', '1e3', '99999999999999999999', ' ']) {
      const params = parse(`snippetId=${encodeURIComponent(bad)}&threadId=${encodeURIComponent(bad)}`);
      expect(params.snippetId, bad).toBe(0);
      expect(params.threadId, bad).toBeNull();
    }
    expect(parse('snippetId=%2042%20').snippetId).toBe(42);
  });

  it('keeps the context text as given but drops a whitespace-only one', () => {
    expect(parse('context=%20%20').context).toBe('');
    expect(parse('context=Line%201%0ALine%202').context).toBe('Line 1\nLine 2');
  });
});

describe('recordingPanel', () => {
  it('follows the type when there is one', () => {
    expect(recordingPanel({ mode: 'new', type: 'text' })).toBe('text');
    expect(recordingPanel({ mode: 'continue', type: 'text' })).toBe('text');
    expect(recordingPanel({ mode: 'new', type: 'upload' })).toBe('upload');
    expect(recordingPanel({ mode: 'continue', type: 'voice' })).toBe('voice');
  });

  it('records by voice when starting without a type, and offers a choice when continuing', () => {
    expect(recordingPanel({ mode: 'new', type: null })).toBe('voice');
    expect(recordingPanel({ mode: 'continue', type: null })).toBe('choose');
  });
});

describe('recordingPanel without saved history', () => {
  it('starts an empty or unknown thread as a new conversation instead of offering a choice', () => {
    expect(recordingPanel({ mode: 'continue', type: null }, false)).toBe('voice');
    expect(recordingPanel({ mode: 'continue', type: 'text' }, false)).toBe('text');
  });
  it('shows no panel while the thread to continue is read: the recorder never starts before the choice', () => {
    expect(recordingPanel({ mode: 'continue', type: null }, false, true)).toBe('waiting');
    expect(recordingPanel({ mode: 'continue', type: 'text' }, false, true)).toBe('text');
    expect(recordingPanel({ mode: 'new', type: null }, false, true)).toBe('voice');
  });
});

describe('continueSearch', () => {
  it('turns a new conversation’s URL into its thread’s continue URL, keeping the panel and the context', () => {
    const next = continueSearch(new URLSearchParams('mode=new&type=text&context=Lead%20teams'), { threadId: '42' }, 'text');
    expect(Object.fromEntries(next)).toEqual({ mode: 'continue', type: 'text', context: 'Lead teams', threadId: '42' });
    expect(Object.fromEntries(continueSearch(new URLSearchParams('mode=new'), { threadId: '7' }, 'voice'))).toEqual({
      mode: 'continue',
      threadId: '7',
      type: 'voice',
    });
  });

  it('keeps a snippet conversation on its snippet', () => {
    const next = continueSearch(new URLSearchParams('mode=new&snippetId=3&context=x'), { snippetId: 3 }, 'upload');
    expect(Object.fromEntries(next)).toEqual({ mode: 'continue', snippetId: '3', context: 'x', type: 'upload' });
  });
});

describe('focusedMessageOf', () => {
  it('reads the saved message a search result opens the thread at, a positive id or nothing', () => {
    expect(focusedMessageOf(new URLSearchParams('mode=continue&threadId=5&message=42'))).toBe('42');
    for (const bad of ['', 'abc', '0', '-1', '4.2']) expect(focusedMessageOf(new URLSearchParams(`message=${bad}`)), bad).toBeNull();
    expect(focusedMessageOf(new URLSearchParams('threadId=5'))).toBeNull();
  });
});

describe('a practice conversation’s link (lib/paths.ts)', () => {
  it('opens the conversation screen with the snippet as context', () => {
    const text = new URL(practiceConversationPath('- Lead teams', 5, 'text'), 'http://x');
    expect(text.pathname).toBe('/recording');
    expect(parseRecordingParams(text.searchParams)).toEqual({
      mode: 'new',
      threadId: null,
      context: '- Lead teams',
      snippetId: 5,
      type: 'text',
      resumeBullet: null,
      storyRequirement: null,
    });
    const voice = new URL(practiceConversationPath('- Lead teams', 5, 'voice'), 'http://x');
    expect(parseRecordingParams(voice.searchParams).type).toBeNull();
  });
});
