import { describe, expect, it } from 'vitest';
import { distanceInWords, formatDate, formatDateTime24, formatDateTimeWithZone, formatRelative } from './date-format.ts';

describe('formatDateTimeWithZone ("MMM d, yyyy h:mm a zzz")', () => {
  it('formats with a 12-hour clock, no day padding and the short zone name', () => {
    expect(formatDateTimeWithZone('2025-07-04T01:07:00Z', 'America/Los_Angeles')).toBe('Jul 3, 2025 6:07 PM PDT');
    expect(formatDateTimeWithZone('2025-11-03T01:07:00Z', 'America/Los_Angeles')).toBe('Nov 2, 2025 5:07 PM PST');
    expect(formatDateTimeWithZone('2025-12-03T17:07:00Z', 'America/New_York')).toBe('Dec 3, 2025 12:07 PM EST');
    expect(formatDateTimeWithZone('2025-01-09T00:05:00Z', 'UTC')).toBe('Jan 9, 2025 12:05 AM UTC');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDateTimeWithZone('not a date', 'UTC')).toBe('');
  });
});

describe('formatDate ("MMM d, yyyy")', () => {
  it('formats a day in the given time zone, and nothing for a bad date', () => {
    expect(formatDate('2025-03-04T23:30:00Z', 'UTC')).toBe('Mar 4, 2025');
    expect(formatDate('2025-03-04T23:30:00Z', 'Asia/Tokyo')).toBe('Mar 5, 2025');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime24 ("MMM dd, yyyy HH:mm")', () => {
  it('pads the day and uses a 24-hour clock', () => {
    expect(formatDateTime24('2025-03-04T09:05:00Z', 'UTC')).toBe('Mar 04, 2025 09:05');
    expect(formatDateTime24('2025-11-21T17:56:00Z', 'UTC')).toBe('Nov 21, 2025 17:56');
    expect(formatDateTime24('2025-11-21T00:00:00Z', 'UTC')).toBe('Nov 21, 2025 00:00');
    expect(formatDateTime24(new Date(Number.NaN))).toBe('');
  });
});

describe('formatRelative ("x ago")', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const ago = (ms: number) => formatRelative(new Date(now.getTime() - ms), now);
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it('uses the familiar scale', () => {
    expect(ago(10_000)).toBe('less than a minute ago');
    expect(ago(MIN)).toBe('1 minute ago');
    expect(ago(5 * MIN)).toBe('5 minutes ago');
    expect(ago(50 * MIN)).toBe('about 1 hour ago');
    expect(ago(3 * HOUR)).toBe('about 3 hours ago');
    expect(ago(30 * HOUR)).toBe('1 day ago');
    expect(ago(5 * DAY)).toBe('5 days ago');
    expect(ago(35 * DAY)).toBe('about 1 month ago');
    expect(ago(100 * DAY)).toBe('3 months ago');
    expect(ago(370 * DAY)).toBe('about 1 year ago');
    expect(ago(365 * DAY + 200 * DAY)).toBe('over 1 year ago');
    expect(ago(365 * DAY + 320 * DAY)).toBe('almost 2 years ago');
  });

  it('reads a slightly future time as just now, and accepts ISO strings', () => {
    expect(formatRelative(new Date(now.getTime() + 5 * MIN), now)).toBe('less than a minute ago');
    expect(formatRelative('2025-06-15T11:58:00Z', now)).toBe('2 minutes ago');
    expect(formatRelative('garbage', now)).toBe('');
  });

  it('distanceInWords of equal dates is less than a minute', () => {
    expect(distanceInWords(now, now)).toBe('less than a minute');
  });
});
