import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subgraphQuery } from '@story/testing/service-under-test';
import { JOB_MESSAGES, graphqlJobDescriptionSchema } from '@story/proto';
import { startJobsForTest, steppingClock, type JobsUnderTest } from '../../test/jobs-test-kit.ts';

const ALICE = 601;
const BOB = 602;

const LIST =
  'query ($archived: Boolean) { formattedJobDescriptions(archived: $archived) { id jobTitle companyName isArchived createdAt formattedContent originalContent snippetCount } }';

describe('jobs subgraph', () => {
  let service: JobsUnderTest;
  let alice: Record<string, string>;
  let bob: Record<string, string>;

  beforeAll(async () => {
    service = await startJobsForTest({ deps: { clock: steppingClock() } });
    alice = await service.as(ALICE);
    bob = await service.as(BOB);
  });
  afterAll(async () => service.close());

  const gql = <T>(headers: Record<string, string>, query: string, variables: Record<string, unknown> = {}) =>
    subgraphQuery<T>(service.app, headers, query, variables);
  const confirm = async (headers: Record<string, string>, title: string) => {
    const result = await gql<{ confirmJobDescription: { id: string } }>(
      headers,
      'mutation ($t: String!) { confirmJobDescription(formattedContent: "## Role", jobTitle: $t, companyName: "Acme") { id } }',
      { t: title },
    );
    expect(result.errors).toBeUndefined();
    return result.data?.confirmJobDescription.id ?? '';
  };

  it('lists descriptions with their snippet counts in one query, and their snippets when asked', async () => {
    const first = await confirm(alice, 'Backend Engineer');
    const second = await confirm(alice, 'Data Engineer');
    for (const text of ['Lead teams', 'Ship weekly']) {
      const created = await gql<{ createSnippet: { id: string; jobDescriptionId: string } }>(
        alice,
        'mutation ($id: ID!, $t: String!) { createSnippet(jobDescriptionId: $id, snippetText: $t) { id jobDescriptionId } }',
        { id: first, t: text },
      );
      expect(created.data?.createSnippet.jobDescriptionId).toBe(first);
    }
    const listed = await gql<{ formattedJobDescriptions: unknown[] }>(alice, LIST);
    const rows = (listed.data?.formattedJobDescriptions ?? []).map((row) => graphqlJobDescriptionSchema.omit({ snippets: true }).parse(row));
    expect(rows.map((row) => [row.id, row.jobTitle, row.snippetCount])).toEqual([
      [second, 'Data Engineer', 0],
      [first, 'Backend Engineer', 2],
    ]);
    const withSnippets = await gql<{ jobDescription: { snippets: { snippetText: string }[] } }>(
      alice,
      'query ($id: ID!) { jobDescription(id: $id) { snippets { snippetText } } }',
      { id: first },
    );
    expect(withSnippets.data?.jobDescription.snippets.map((s) => s.snippetText)).toEqual(['Ship weekly', 'Lead teams']);
  });

  it('archives, unarchives and deletes through mutations, and another user gets null or NOT_FOUND', async () => {
    const id = await confirm(alice, 'Designer');
    const archived = await gql<{ archiveJobDescription: { isArchived: boolean } }>(
      alice,
      'mutation ($id: ID!) { archiveJobDescription(id: $id) { isArchived } }',
      { id },
    );
    expect(archived.data?.archiveJobDescription.isArchived).toBe(true);
    const archivedList = await gql<{ formattedJobDescriptions: { id: string }[] }>(alice, LIST, { archived: true });
    expect(archivedList.data?.formattedJobDescriptions.map((d) => d.id)).toEqual([id]);

    expect((await gql<{ jobDescription: null }>(bob, 'query ($id: ID!) { jobDescription(id: $id) { id } }', { id })).data?.jobDescription).toBeNull();
    for (const mutation of ['unarchiveJobDescription(id: $id) { id }', 'deleteJobDescription(id: $id)']) {
      const refused = await gql(bob, `mutation ($id: ID!) { ${mutation} }`, { id });
      expect(refused.errors?.[0]).toMatchObject({ message: JOB_MESSAGES.jobDescriptionNotFound, extensions: { code: 'NOT_FOUND' } });
    }
    const snippetOnForeign = await gql(bob, 'mutation ($id: ID!) { createSnippet(jobDescriptionId: $id, snippetText: "x") { id } }', { id });
    expect(snippetOnForeign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    await gql(alice, 'mutation ($id: ID!) { unarchiveJobDescription(id: $id) { id } }', { id });
    const deleted = await gql<{ deleteJobDescription: string }>(alice, 'mutation ($id: ID!) { deleteJobDescription(id: $id) }', { id });
    expect(deleted.data?.deleteJobDescription).toBe(id);
    expect((await gql<{ jobDescription: null }>(alice, 'query ($id: ID!) { jobDescription(id: $id) { id } }', { id })).data?.jobDescription).toBeNull();
  });

  it('cleans a description and validates like REST', async () => {
    const cleaned = await gql<{ processJobDescription: { cleanedDescription: string } }>(
      alice,
      'mutation { processJobDescription(companyName: "Acme", jobTitle: "Lead", jobDescription: "RESPONSIBILITIES\\n• Lead teams\\nApply now") { cleanedDescription } }',
    );
    expect(cleaned.data?.processJobDescription.cleanedDescription).toBe('## RESPONSIBILITIES\n\n- Lead teams');
    const empty = await gql(alice, 'mutation { processJobDescription(companyName: "Acme", jobTitle: " ", jobDescription: "x") { cleanedDescription } }');
    expect(empty.errors?.[0]).toMatchObject({ message: 'Please enter the job title', extensions: { code: 'BAD_USER_INPUT' } });
    const badIds = await gql(alice, 'mutation { archiveJobDescription(id: "0") { id } }');
    expect(badIds.errors?.[0]?.message).toBe('Id must be a number');
    const snippetless = await gql(alice, 'mutation { createSnippet(jobDescriptionId: "5", snippetText: "  ") { id } }');
    expect(snippetless.errors?.[0]?.message).toBe('Please paste a section to practice');
    expect((await gql(alice, 'query { snippet(id: "abc") { id } }')).data).toEqual({ snippet: null });
    const anonymous = await gql({}, LIST);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
