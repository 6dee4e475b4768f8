import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/resolverMap.js';
import { confirmJobDescriptionRequestSchema, createSnippetRequestSchema, idTextSchema, processJobDescriptionRequestSchema, type GraphqlCleanedDescription } from '@story/proto';
import { contextUser, parseInput, type GraphqlContext } from '@story/service-kit';
import { z } from 'zod';
import { cleanJobDescription, type ProcessJobDescriptionDeps } from '../formatting/process-job-description.service.ts';
import { jobDescriptionNode, snippetNode, type JobDescriptionNode } from '../job-descriptions/job-description.presenter.ts';
import type { JobDescriptionService } from '../job-descriptions/job-description.service.ts';
import type { SnippetService } from '../snippets/snippet.service.ts';

const idArgs = z.object({ id: idTextSchema });
const listArgs = z.object({ archived: z.boolean().nullish() });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** GraphQL sends an omitted optional argument as null; the shared zod schemas expect it absent. */
const withoutNulls = (value: unknown): Record<string, unknown> => (isRecord(value) ? Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null)) : {});

/** An optional GraphQL ID argument as a number, parsed like a path id. */
const optionalId = (value: unknown): number | undefined => (value === undefined || value === null ? undefined : parseInput(idTextSchema, value));

export interface JobsResolverDeps {
  jobDescriptions: JobDescriptionService;
  snippets: SnippetService;
  cleaning: ProcessJobDescriptionDeps;
}

/**
 * Resolvers of `proto/graphql/jobs.graphql`. They call the same services as the REST routes, so
 * scoping and validation are the same: what is not the caller's resolves to null (queries) or
 * NOT_FOUND (mutations). The list carries each description's snippet count, read with the list.
 */
export function jobsResolvers({ jobDescriptions, snippets, cleaning }: JobsResolverDeps): GraphQLResolverMap<GraphqlContext> {
  const findJobDescription = async (context: GraphqlContext, id: unknown): Promise<JobDescriptionNode | null> => {
    const { userId } = contextUser(context);
    const parsed = idTextSchema.safeParse(id);
    if (!parsed.success) return null;
    const record = await jobDescriptions.get(userId, parsed.data).catch(() => undefined);
    return record ? jobDescriptionNode(record) : null;
  };
  const findSnippet = async (context: GraphqlContext, id: unknown) => {
    const { userId } = contextUser(context);
    const parsed = idTextSchema.safeParse(id);
    if (!parsed.success) return null;
    const record = await snippets.get(userId, parsed.data).catch(() => undefined);
    return record ? snippetNode(record) : null;
  };

  return {
    Query: {
      formattedJobDescriptions: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        const { archived } = parseInput(listArgs, args);
        return (await jobDescriptions.list(userId, archived ?? false)).map(jobDescriptionNode);
      },
      jobDescription: (_parent: unknown, args: { id?: unknown }, context: GraphqlContext) => findJobDescription(context, args.id),
      snippet: (_parent: unknown, args: { id?: unknown }, context: GraphqlContext) => findSnippet(context, args.id),
    },
    JobDescription: {
      __resolveReference: (reference: { id?: unknown }, context: GraphqlContext) => findJobDescription(context, reference.id),
      snippets: async (parent: JobDescriptionNode, _args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        return (await snippets.listForJobDescription(userId, Number(parent.id))).map(snippetNode);
      },
    },
    Snippet: {
      __resolveReference: (reference: { id?: unknown }, context: GraphqlContext) => findSnippet(context, reference.id),
    },
    Mutation: {
      processJobDescription: async (_parent: unknown, args: unknown, context: GraphqlContext): Promise<GraphqlCleanedDescription> => {
        contextUser(context);
        const input = parseInput(processJobDescriptionRequestSchema, withoutNulls(args));
        return { cleanedDescription: await cleanJobDescription(cleaning, input, context.log) };
      },
      confirmJobDescription: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        const fields = withoutNulls(args);
        const input = parseInput(confirmJobDescriptionRequestSchema, { ...fields, id: optionalId(fields.id) });
        return jobDescriptionNode((await jobDescriptions.confirm(userId, input)).record);
      },
      createSnippet: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        const fields = withoutNulls(args);
        const input = parseInput(createSnippetRequestSchema, { ...fields, jobDescriptionId: optionalId(fields.jobDescriptionId) });
        return snippetNode(await snippets.create(userId, input));
      },
      archiveJobDescription: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        return jobDescriptionNode(await jobDescriptions.setArchived(userId, parseInput(idArgs, args).id, true));
      },
      unarchiveJobDescription: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        return jobDescriptionNode(await jobDescriptions.setArchived(userId, parseInput(idArgs, args).id, false));
      },
      deleteJobDescription: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        const { id } = parseInput(idArgs, args);
        await jobDescriptions.delete(userId, id);
        return String(id);
      },
    },
  };
}
