import { describe, expect, it } from 'vitest';
import { PdfCache } from './pdf-cache.ts';

const bytes = (length: number, fill = 1) => Buffer.alloc(length, fill);

describe('PdfCache', () => {
  it('keeps PDFs within its bytes, dropping the least recently used first', () => {
    const cache = new PdfCache(1000, 60_000);
    cache.set('1/thread/1/a', bytes(240));
    cache.set('1/thread/2/a', bytes(240));
    cache.set('1/thread/3/a', bytes(240));
    // Reading the first makes it the most recently used: the second goes first.
    expect(cache.get('1/thread/1/a')).toBeDefined();
    cache.set('1/thread/4/a', bytes(240));
    cache.set('1/thread/5/a', bytes(240));
    expect(cache.get('1/thread/2/a')).toBeUndefined();
    expect(cache.get('1/thread/1/a')).toBeDefined();
    expect(cache.size).toEqual({ entries: 4, bytes: 960 });
  });

  it('does not keep a PDF larger than a quarter of it, and replaces one kept under the same key', () => {
    const cache = new PdfCache(1000, 60_000);
    cache.set('1/resume/1/a', bytes(251));
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
    cache.set('1/resume/1/a', bytes(100, 1));
    cache.set('1/resume/1/a', bytes(200, 2));
    expect(cache.size).toEqual({ entries: 1, bytes: 200 });
    expect(cache.get('1/resume/1/a')?.[0]).toBe(2);
  });

  it('forgets a PDF older than its time to live', () => {
    let now = 0;
    const cache = new PdfCache(1000, 60_000, () => now);
    cache.set('1/thread/1/a', bytes(10));
    now = 60_000;
    expect(cache.get('1/thread/1/a')).toBeDefined();
    now = 120_001;
    expect(cache.get('1/thread/1/a')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('forgets one owner’s PDFs and no one else’s', () => {
    const cache = new PdfCache(1000, 60_000);
    cache.set('1/thread/1/a', bytes(10));
    cache.set('12/thread/1/a', bytes(10));
    cache.deleteWhere('1/');
    expect(cache.get('1/thread/1/a')).toBeUndefined();
    expect(cache.get('12/thread/1/a')).toBeDefined();
  });
});
