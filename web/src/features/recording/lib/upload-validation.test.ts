import { describe, expect, it } from 'vitest';
import { validateAudioFile } from './upload-validation.ts';

const MB = 1024 * 1024;

describe('validateAudioFile', () => {
  it('accepts the listed MIME types', () => {
    for (const type of ['audio/mp3', 'audio/wav', 'audio/m4a', 'audio/aac', 'audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'AUDIO/MPEG']) {
      expect(validateAudioFile({ name: 'memo', type, size: 1000 }), type).toBeNull();
    }
  });

  it('accepts the listed extensions whatever the reported type', () => {
    for (const name of ['a.mp3', 'b.WAV', 'c.m4a', 'd.aac']) {
      expect(validateAudioFile({ name, type: '', size: 1000 }), name).toBeNull();
      expect(validateAudioFile({ name, type: 'application/octet-stream', size: 1000 }), name).toBeNull();
    }
  });

  it('rejects other files with the spec message naming the file', () => {
    expect(validateAudioFile({ name: 'notes.txt', type: 'text/plain', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'The file "notes.txt" is not a supported audio format. Please upload an MP3, WAV, M4A, or AAC file.',
    });
    expect(validateAudioFile({ name: 'clip.ogg', type: 'audio/ogg', size: 10 })?.title).toBe('Invalid file type');
    expect(validateAudioFile({ name: 'mp3', type: '', size: 10 })?.title).toBe('Invalid file type');
  });

  it('allows exactly 25 MB and rejects more, naming the file and its size in MB', () => {
    expect(validateAudioFile({ name: 'big.mp3', type: 'audio/mpeg', size: 25 * MB })).toBeNull();
    expect(validateAudioFile({ name: 'big.mp3', type: 'audio/mpeg', size: 30.5 * MB })).toEqual({
      title: 'File too large',
      description: 'The file "big.mp3" is 30.50MB. Please upload a file smaller than 25MB.',
    });
    expect(validateAudioFile({ name: 'edge.wav', type: 'audio/wav', size: 25 * MB + 1 })?.title).toBe('File too large');
  });

  it('checks the type before the size', () => {
    expect(validateAudioFile({ name: 'huge.exe', type: 'application/x-msdownload', size: 100 * MB })?.title).toBe('Invalid file type');
  });
});
