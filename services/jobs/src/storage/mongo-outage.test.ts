import { HTTP_MESSAGES } from '@story/proto';
import { MongoOutbox, createMongoConnection, mongoLifecycle } from '@story/service-kit';
import { freePort } from '@story/testing/nats';
import { subgraphQuery } from '@story/testing/service-under-test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoJobDescriptionRepository } from '../job-descriptions/mongo-job-description.repository.ts';
import { startJobsForTest, type JobsUnderTest } from '../../test/jobs-test-kit.ts';
import type { JobsStorage } from './jobs-storage.ts';

/**
 * MongoDB unreachable (issue 25, "Bad days"): the jobs service over the real mongoose driver pointed
 * at a port where nothing listens. A read and a write get a 503 with a clear message and Retry-After,
 * not a 500; a GraphQL query gets SERVICE_UNAVAILABLE with that message; `/readyz` says not ready.
 */
let jobs: JobsUnderTest;

beforeAll(async () => {
  const connection = createMongoConnection(`mongodb://127.0.0.1:${await freePort()}/?directConnection=true`, 'jobs', {
    serverSelectionTimeoutMS: 300,
    bufferTimeoutMS: 300,
  });
  // The first connection fails in the background; each operation then fails on its own.
  connection.asPromise().catch(() => undefined);
  const outbox = new MongoOutbox(connection);
  const storage: JobsStorage = { ...mongoLifecycle(connection), outbox, jobDescriptions: new MongoJobDescriptionRepository(connection, outbox) };
  jobs = await startJobsForTest({ deps: { storage } });
});
afterAll(async () => jobs?.close());

describe('the jobs service with MongoDB unreachable', () => {
  it('answers a read and a write with 503, the message and Retry-After', async () => {
    const headers = await jobs.as(7);
    const read = await jobs.app.inject({ method: 'GET', url: '/api/formatted-job-descriptions', headers });
    const write = await jobs.app.inject({
      method: 'POST',
      url: '/api/confirm-job-description',
      headers,
      payload: { companyName: 'Acme', jobTitle: 'Engineer', formattedContent: '# Engineer', originalContent: 'Engineer' },
    });
    for (const response of [read, write]) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toEqual({ message: HTTP_MESSAGES.temporarilyUnavailable });
      expect(response.headers['retry-after']).toBe('5');
    }
  });

  it('answers a GraphQL query with SERVICE_UNAVAILABLE and the same message', async () => {
    const answer = await subgraphQuery(jobs.app, await jobs.as(7), '{ formattedJobDescriptions { id } }');
    expect(answer.errors?.[0]).toMatchObject({ message: HTTP_MESSAGES.temporarilyUnavailable, extensions: { code: 'SERVICE_UNAVAILABLE' } });
  });

  it('is not ready', async () => {
    const response = await jobs.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
  });
});
