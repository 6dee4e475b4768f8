import { describe, expect, it } from 'vitest';
import { versionLine } from './version-line.ts';

const NOW = new Date('2026-11-28T12:00:00Z');

describe('versionLine', () => {
  it('says the version, when it was saved and its note', () => {
    expect(versionLine({ version: 3, updatedAt: '2026-11-28T09:00:00Z', reviewed: true, note: 'Suggestion accepted' }, NOW)).toBe(
      'Version 3 · saved 28 Nov · Suggestion accepted',
    );
  });

  it('says "uploaded" of a version not reviewed yet, and the year of another year', () => {
    expect(versionLine({ version: 1, updatedAt: '2025-03-02T09:00:00Z', reviewed: false, note: '' }, NOW)).toBe('Version 1 · uploaded 2 Mar 2025');
  });
});
