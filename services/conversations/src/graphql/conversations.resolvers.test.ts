import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subgraphQuery } from '@story/testing/service-under-test';
import { mp3Of, snippetsOwnedBy, startTestService, type TestService } from '../../test/conversations-test-kit.ts';

const ALICE = 31;
const BOB = 32;

describe('conversations subgraph', () => {
  let service: TestService;
  let alice: Record<string, string>;
  let bob: Record<string, string>;

  beforeAll(async () => {
    service = await startTestService({ deps: { snippetOwners: snippetsOwnedBy({ [ALICE]: [4] }) } });
    alice = await service.as(ALICE);
    bob = await service.as(BOB);
  });
  afterAll(async () => service.close());

  const gql = <T>(headers: Record<string, string>, query: string, variables: Record<string, unknown> = {}) =>
    subgraphQuery<T>(service.app, headers, query, variables);

  it('runs the thread lifecycle through mutations that mirror REST', async () => {
    const created = await gql<{ createThread: { id: string; title: string; deleted: boolean } }>(alice, 'mutation { createThread { id title deleted } }');
    expect(created.errors).toBeUndefined();
    const id = created.data?.createThread.id ?? '';
    expect(created.data?.createThread).toEqual({ id: expect.stringMatching(/^\d+$/), title: 'New Conversation', deleted: false });

    const saved = await gql<{ saveConversation: { id: string; userMessage: string } }>(
      alice,
      'mutation ($threadId: ID!, $answerId: ID) { saveConversation(threadId: $threadId, userMessage: "I shipped it", aiResponse: "What happened next?", answerId: $answerId) { id userMessage answerId answer { id } } }',
      { threadId: id, answerId: '0f8fad5b-d9cb-469f-a165-70867728950e' },
    );
    expect(saved.data?.saveConversation).toMatchObject({
      userMessage: 'I shipped it',
      answerId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      answer: { id: '0f8fad5b-d9cb-469f-a165-70867728950e' },
    });
    const badAnswer = await gql(
      alice,
      'mutation ($threadId: ID!) { saveConversation(threadId: $threadId, userMessage: "x", aiResponse: "y", answerId: "1") { id } }',
      { threadId: id },
    );
    expect(badAnswer.errors?.[0]).toMatchObject({ message: 'Answer id must be a UUID', extensions: { code: 'BAD_USER_INPUT' } });

    const renamed = await gql<{ renameThread: { title: string } }>(alice, 'mutation ($id: ID!) { renameThread(id: $id, title: "  Shipping  ") { title } }', {
      id,
    });
    expect(renamed.data?.renameThread.title).toBe('Shipping');
    const empty = await gql(alice, 'mutation ($id: ID!) { renameThread(id: $id, title: "   ") { title } }', { id });
    expect(empty.errors?.[0]).toMatchObject({ message: 'Title cannot be empty', extensions: { code: 'BAD_USER_INPUT' } });

    const deleted = await gql<{ deleteThread: { deleted: boolean } }>(alice, 'mutation ($id: ID!) { deleteThread(id: $id) { deleted } }', { id });
    expect(deleted.data?.deleteThread.deleted).toBe(true);
    const deletedList = await gql<{ threads: { id: string }[] }>(alice, '{ threads(deleted: true) { id } }');
    expect(deletedList.data?.threads.map((t) => t.id)).toContain(id);
    const recovered = await gql<{ recoverThread: { deleted: boolean } }>(alice, 'mutation ($id: ID!) { recoverThread(id: $id) { deleted } }', { id });
    expect(recovered.data?.recoverThread.deleted).toBe(false);

    const one = await gql<{ thread: { title: string; items: { userMessage: string; aiResponse: string }[] } }>(
      alice,
      'query ($id: ID!) { thread(id: $id) { title items { userMessage aiResponse } } }',
      { id },
    );
    expect(one.data?.thread).toEqual({ title: 'Shipping', items: [{ userMessage: 'I shipped it', aiResponse: 'What happened next?' }] });
  });

  it('never shows another user’s thread: null from queries and entities, NOT_FOUND from mutations', async () => {
    const created = await gql<{ createThread: { id: string } }>(bob, 'mutation { createThread { id } }');
    const bobsId = created.data?.createThread.id ?? '';
    const query = await gql<{ thread: unknown }>(alice, 'query ($id: ID!) { thread(id: $id) { id title } }', { id: bobsId });
    expect(query.data?.thread).toBeNull();
    const list = await gql<{ threads: { id: string }[] }>(alice, '{ threads { id } }');
    expect(list.data?.threads.map((t) => t.id)).not.toContain(bobsId);

    const entities = await gql<{ _entities: unknown[] }>(alice, 'query ($r: [_Any!]!) { _entities(representations: $r) { ... on Thread { id title } } }', {
      r: [{ __typename: 'Thread', id: bobsId }],
    });
    expect(entities.data?._entities).toEqual([null]);

    const rename = await gql(alice, 'mutation ($id: ID!) { renameThread(id: $id, title: "mine") { title } }', { id: bobsId });
    expect(rename.errors?.[0]).toMatchObject({ message: 'Conversation thread not found', extensions: { code: 'NOT_FOUND' } });
    const save = await gql(alice, 'mutation ($id: ID!) { saveConversation(threadId: $id, userMessage: "x", aiResponse: "y") { id } }', { id: bobsId });
    expect(save.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const badId = await gql(alice, 'mutation { deleteThread(id: "abc") { id } }');
    expect(badId.errors?.[0]).toMatchObject({ message: 'Id must be a number', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('resolves User.threads for the signed-in user across the auth subgraph, and refuses anyone else’s', async () => {
    await gql(alice, 'mutation { createThread { id } }');
    const own = await gql<{ _entities: { threads: { id: string }[] }[] }>(
      alice,
      'query ($r: [_Any!]!) { _entities(representations: $r) { ... on User { threads(deleted: false) { id title } } } }',
      { r: [{ __typename: 'User', id: String(ALICE) }] },
    );
    expect(own.errors).toBeUndefined();
    expect(own.data?._entities[0]?.threads.length).toBeGreaterThan(0);

    const other = await gql(alice, 'query ($r: [_Any!]!) { _entities(representations: $r) { ... on User { threads { id } } } }', {
      r: [{ __typename: 'User', id: String(BOB) }],
    });
    expect(other.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('answers processText with the offline coach and validates its input', async () => {
    const reply = await gql<{ processText: { aiResponse: string } }>(
      alice,
      'mutation ($h: [ChatTurnInput!]) { processText(text: "Hello there", conversationHistory: $h) { aiResponse } }',
      { h: [{ role: 'assistant', content: 'Welcome!', timestamp: null }] },
    );
    expect(reply.errors).toBeUndefined();
    expect(reply.data?.processText.aiResponse.length).toBeGreaterThan(20);
    const empty = await gql(alice, 'mutation { processText(text: "  ") { aiResponse } }');
    expect(empty.errors?.[0]?.message).toBe('Please enter some text before submitting.');
    const badRole = await gql(alice, 'mutation { processText(text: "hi", conversationHistory: [{ role: "system", content: "x" }]) { aiResponse } }');
    expect(badRole.errors?.[0]?.message).toBe('role must be user or assistant');
  });

  it('gives processText’s answer an id for its feedback, with the snippet practised', async () => {
    const reply = await gql<{ processText: { aiResponse: string; answerId: string | null } }>(
      alice,
      'mutation { processText(text: "I wrote the SQL views myself.", snippetId: "4") { aiResponse answerId } }',
    );
    expect(reply.errors).toBeUndefined();
    const answerId = reply.data?.processText.answerId;
    expect(answerId).toMatch(/^[0-9a-f-]{36}$/);
    const recorded = (await service.deps.storage.outbox.pendingEvents(10_000)).find((entry) => entry.payload.includes(String(answerId)));
    expect(JSON.parse(recorded?.payload ?? '{}')).toMatchObject({ answerId, snippetId: 4, answer: 'I wrote the SQL views myself.' });
    const badSnippet = await gql(alice, 'mutation { processText(text: "hi", snippetId: "04") { aiResponse } }');
    expect(badSnippet.errors?.[0]?.message).toBe('Id must be a number');
  });

  it('answers openConversation with the interviewer’s first question, and no answer id', async () => {
    const reply = await gql<{ openConversation: { aiResponse: string; answerId: string | null } }>(
      alice,
      'mutation { openConversation(context: "- Write SQL reports") { aiResponse answerId } }',
    );
    expect(reply.errors).toBeUndefined();
    expect(reply.data?.openConversation.aiResponse).toMatch(/Write SQL reports/);
    expect(reply.data?.openConversation.answerId).toBeNull();
    const story = await gql<{ openConversation: { aiResponse: string } }>(
      alice,
      'mutation { openConversation(storyRequirement: "Lead database migrations") { aiResponse } }',
    );
    expect(story.data?.openConversation.aiResponse).toContain("Let's find a story that shows “Lead database migrations”");
    const badSnippet = await gql(alice, 'mutation { openConversation(snippetId: "04") { aiResponse } }');
    expect(badSnippet.errors?.[0]?.message).toBe('Id must be a number');
  });

  it('gives each item its audioUrl, where its owner alone gets the reply’s audio; the audio is no field of a thread', async () => {
    const created = await gql<{ createThread: { id: string } }>(alice, 'mutation { createThread { id } }');
    const threadId = Number(created.data?.createThread.id);
    const audio = mp3Of(3000, 5).toString('base64');
    const spoken = await service.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: alice,
      payload: { threadId, userMessage: 'spoken', aiResponse: 'ok', audioResponse: audio },
    });
    await service.app.inject({ method: 'POST', url: '/api/conversations', headers: alice, payload: { threadId, userMessage: 'typed', aiResponse: 'ok' } });
    const spokenId = spoken.json<{ id: number }>().id;

    type Items = { thread: { items: { userMessage: string; audioUrl: string | null }[] } | null };
    const urls = await gql<Items>(alice, 'query ($id: ID!) { thread(id: $id) { items { userMessage audioUrl } } }', { id: String(threadId) });
    expect(urls.errors).toBeUndefined();
    expect(urls.data?.thread?.items).toEqual([
      { userMessage: 'spoken', audioUrl: `/api/conversation-threads/${threadId}/messages/${spokenId}/audio` },
      { userMessage: 'typed', audioUrl: null },
    ]);
    const url = urls.data?.thread?.items[0]?.audioUrl ?? '';
    const played = await service.app.inject({ method: 'GET', url, headers: alice });
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.toString('base64')).toBe(audio);
    expect((await service.app.inject({ method: 'GET', url, headers: bob })).statusCode).toBe(404);
    // The deprecated base64 field is gone (issue 20): no client asked for it.
    const withAudio = await gql<Items>(alice, 'query ($id: ID!) { thread(id: $id) { items { audioResponse } } }', { id: String(threadId) });
    expect(withAudio.errors?.[0]?.message).toMatch(/^Cannot query field "audioResponse" on type "ThreadItem"\./);
  });

  it('refuses an anonymous caller', async () => {
    const anonymous = await gql({}, '{ threads { id } }');
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
