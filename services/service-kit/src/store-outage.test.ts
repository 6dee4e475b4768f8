import { describe, expect, it } from 'vitest';
import { isStoreUnavailable } from './store-outage.ts';

const named = (name: string, message = name, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), { name }, extra);

describe('isStoreUnavailable', () => {
  it('knows the MongoDB driver’s and mongoose’s unreachable-server errors', () => {
    for (const name of ['MongoServerSelectionError', 'MongooseServerSelectionError', 'MongoNetworkError', 'MongoNetworkTimeoutError', 'MongoNotConnectedError'])
      expect(isStoreUnavailable(named(name)), name).toBe(true);
    expect(isStoreUnavailable(named('MongooseError', 'Operation `jobs.find()` buffering timed out after 10000ms'))).toBe(true);
  });

  it('knows a fetch that found nobody listening (the Qdrant client), also deep in the cause chain', () => {
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6333'), { code: 'ECONNREFUSED' }) });
    expect(isStoreUnavailable(refused)).toBe(true);
    expect(isStoreUnavailable(new Error('search failed', { cause: refused }))).toBe(true);
  });

  it('leaves the request’s own failures alone: a refused write, a bug, a non-error', () => {
    expect(isStoreUnavailable(named('MongoServerError', 'E11000 duplicate key error', { code: 11000 }))).toBe(false);
    expect(isStoreUnavailable(named('MongooseError', 'Cast to Number failed'))).toBe(false);
    expect(isStoreUnavailable(new TypeError('cannot read properties of undefined'))).toBe(false);
    expect(isStoreUnavailable('ECONNREFUSED')).toBe(false);
  });
});
