import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { subgraphQuery } from '@story/testing/service-under-test';
import { answerEvent, feedbackForTwo, scoreAnswer } from '../../test/feedback-test-kit.ts';

const ALICE = 21;
const BOB = 22;

const FEEDBACK_FIELDS =
  'answerId overall engine source attempt attempts best star { part present quotes { start end text } prompt } assessment { dimension score comment quote { text } requirement } delivery { wordsPerMinute }';

describe('feedback subgraph', () => {
  const world = feedbackForTwo(ALICE, BOB);

  const gql = <T>(headers: Record<string, string>, query: string, variables: Record<string, unknown> = {}) =>
    subgraphQuery<T>(world.service.app, headers, query, variables);

  it('answers null until the feedback is ready, then the same feedback as REST; null for another person’s answer', async () => {
    const event = answerEvent({ userId: ALICE });
    const query = `query ($id: ID!) { answerFeedback(answerId: $id) { ${FEEDBACK_FIELDS} } }`;
    expect(await gql(world.alice, query, { id: event.answerId })).toEqual({ data: { answerFeedback: null } });
    await scoreAnswer(world.service, event);
    const found = await gql<{ answerFeedback: Record<string, unknown> }>(world.alice, query, { id: event.answerId });
    expect(found.errors).toBeUndefined();
    const rest = (await world.service.app.inject({ method: 'GET', url: `/api/feedback/${event.answerId}`, headers: world.alice })).json<
      Record<string, unknown>
    >();
    expect(found.data?.answerFeedback).toMatchObject({
      answerId: rest.answerId,
      overall: rest.overall,
      engine: 'offline',
      source: 'typed',
      attempt: 1,
      best: true,
      delivery: null,
    });
    expect(await gql(world.bob, query, { id: event.answerId })).toEqual({ data: { answerFeedback: null } });
  });

  it('resolves the feedback of an Answer entity (a thread item’s answer) for its author only', async () => {
    const event = answerEvent({ userId: ALICE });
    await scoreAnswer(world.service, event);
    const query = 'query ($r: [_Any!]!) { _entities(representations: $r) { ... on Answer { id feedback { answerId overall } } } }';
    const representations = [
      { __typename: 'Answer', id: event.answerId },
      { __typename: 'Answer', id: 'not-a-uuid' },
    ];
    const found = await gql<{ _entities: { id: string; feedback: { answerId: string } | null }[] }>(world.alice, query, { r: representations });
    expect(found.errors).toBeUndefined();
    expect(found.data?._entities.map((entity) => entity.feedback?.answerId ?? null)).toEqual([event.answerId, null]);
    const foreign = await gql<{ _entities: { feedback: unknown }[] }>(world.bob, query, { r: representations.slice(0, 1) });
    expect(foreign.data?._entities[0]?.feedback).toBeNull();
  });

  it('refuses an answer id that is not a UUID and a caller who is not signed in', async () => {
    const bad = await gql(world.alice, 'query { answerFeedback(answerId: "12") { answerId } }');
    expect(bad.errors?.[0]).toMatchObject({ message: 'Answer id must be a UUID', extensions: { code: 'BAD_USER_INPUT' } });
    const anonymous = await gql({}, `query { answerFeedback(answerId: "${randomUUID()}") { answerId } }`);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('gives a snippet’s progress, as a query and as a field of the jobs subgraph’s Snippet, to its owner only', async () => {
    const snippetId = 77;
    const first = answerEvent({ userId: ALICE, snippetId, answer: 'We did some things.' });
    const second = answerEvent({ userId: ALICE, snippetId });
    for (const event of [first, second]) await scoreAnswer(world.service, event);
    const fields = 'questions { question bestAnswerId attempts { answerId attempt overall best } }';
    type Progress = { questions: { bestAnswerId: string; attempts: { answerId: string }[] }[] };
    const direct = await gql<{ snippetProgress: Progress }>(world.alice, `query { snippetProgress(snippetId: "${snippetId}") { ${fields} } }`);
    expect(direct.data?.snippetProgress.questions[0]?.attempts.map((attempt) => attempt.answerId)).toEqual([first.answerId, second.answerId]);
    expect(direct.data?.snippetProgress.questions[0]?.bestAnswerId).toBe(second.answerId);

    const entities = await gql<{ _entities: { progress: Progress }[] }>(
      world.alice,
      `query ($r: [_Any!]!) { _entities(representations: $r) { ... on Snippet { progress { ${fields} } } } }`,
      {
        r: [{ __typename: 'Snippet', id: String(snippetId) }],
      },
    );
    expect(entities.errors).toBeUndefined();
    expect(entities.data?._entities[0]?.progress).toEqual(direct.data?.snippetProgress);
    expect(
      (await gql<{ snippetProgress: Progress }>(world.bob, `query { snippetProgress(snippetId: "${snippetId}") { ${fields} } }`)).data?.snippetProgress,
    ).toEqual({ questions: [] });
    const bad = await gql(world.alice, 'query { snippetProgress(snippetId: "1e3") { questions { question } } }');
    expect(bad.errors?.[0]?.message).toBe('Id must be a number');
  });
});
