import { describe, expect, it } from 'vitest';
import { idTextSchema } from './ids.ts';
import { decodedByteLength, isBase64, messageAudioPath } from './spoken-reply.ts';

describe('spoken replies as base64', () => {
  it('knows the decoded size of standard base64 without decoding it', () => {
    for (let bytes = 0; bytes < 12; bytes++) {
      const base64 = Buffer.alloc(bytes, 0xff).toString('base64');
      expect(isBase64(base64), base64).toBe(true);
      expect(decodedByteLength(base64), base64).toBe(bytes);
    }
  });

  it('refuses what is not standard padded base64', () => {
    for (const bad of ['abc', 'ab c', 'ab=c', '====', 'A===', 'AB-_', 'data:audio/mpeg;base64,AAAA', '<svg/>AA']) expect(isBase64(bad), bad).toBe(false);
  });

  it('points at a saved reply with plain decimal ids, which the path schema reads back strictly', () => {
    expect(messageAudioPath(12, 345)).toBe('/api/conversation-threads/12/messages/345/audio');
    expect(idTextSchema.parse('345')).toBe(345);
    for (const bad of ['0x10', ' 6', '06', '1e3', '+6', '6.0', '', '9007199254740993']) expect(idTextSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
