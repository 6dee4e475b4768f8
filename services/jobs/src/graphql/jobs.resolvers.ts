import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/resolverMap.js';
import {
  confirmJobDescriptionArgsSchema,
  createSnippetArgsSchema,
  idArgsSchema,
  idTextSchema,
  jobDescriptionsArgsSchema,
  processJobDescriptionArgsSchema,
  type GraphqlCleanedDescription,
} from '@story/proto';
import { contextUser, parseArgs, type GraphqlContext, type PlanCheck } from '@story/service-kit';
import { cleanJobDescription, type ProcessJobDescriptionDeps } from '../formatting/process-job-description.service.ts';
import { jobDescriptionNode, snippetNode, type JobDescriptionNode } from '../job-descriptions/job-description.presenter.ts';
import type { JobDescriptionService } from '../job-descriptions/job-description.service.ts';
import type { SnippetService } from '../snippets/snippet.service.ts';

export interface JobsResolverDeps {
  jobDescriptions: JobDescriptionService;
  snippets: SnippetService;
  cleaning: ProcessJobDescriptionDeps;
  plans: PlanCheck;
}

/**
 * Resolvers of `proto/graphql/jobs.graphql`. They call the same services as the REST routes, so
 * scoping and validation are the same: what is not the caller's resolves to null (queries) or
 * NOT_FOUND (mutations). The list carries each description's snippet count, read with the list.
 * Every field is interview practice, refused (FORBIDDEN, the plan's sentence) as REST refuses it.
 */
export function jobsResolvers({ jobDescriptions, snippets, cleaning, plans }: JobsResolverDeps): GraphQLResolverMap<GraphqlContext> {
  /** The caller, once their plan is known to include interview practice (issue 36, 4). */
  const practiser = async (context: GraphqlContext): Promise<number> => {
    const { userId } = contextUser(context);
    await plans.require(userId, 'interviewPractice');
    return userId;
  };
  const findJobDescription = async (context: GraphqlContext, id: unknown): Promise<JobDescriptionNode | null> => {
    const userId = await practiser(context);
    const parsed = idTextSchema.safeParse(id);
    if (!parsed.success) return null;
    const record = await jobDescriptions.get(userId, parsed.data).catch(() => undefined);
    return record ? jobDescriptionNode(record) : null;
  };
  const findSnippet = async (context: GraphqlContext, id: unknown) => {
    const userId = await practiser(context);
    const parsed = idTextSchema.safeParse(id);
    if (!parsed.success) return null;
    const record = await snippets.get(userId, parsed.data).catch(() => undefined);
    return record ? snippetNode(record) : null;
  };

  return {
    Query: {
      formattedJobDescriptions: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const userId = await practiser(context);
        const { archived } = parseArgs(jobDescriptionsArgsSchema, args);
        return (await jobDescriptions.list(userId, archived ?? false)).map(jobDescriptionNode);
      },
      jobDescription: (_parent: unknown, args: { id?: unknown }, context: GraphqlContext) => findJobDescription(context, args.id),
      snippet: (_parent: unknown, args: { id?: unknown }, context: GraphqlContext) => findSnippet(context, args.id),
    },
    JobDescription: {
      __resolveReference: (reference: { id?: unknown }, context: GraphqlContext) => findJobDescription(context, reference.id),
      snippets: async (parent: JobDescriptionNode, _args: unknown, context: GraphqlContext) => {
        const userId = await practiser(context);
        return (await snippets.listForJobDescription(userId, Number(parent.id))).map(snippetNode);
      },
    },
    Snippet: {
      __resolveReference: (reference: { id?: unknown }, context: GraphqlContext) => findSnippet(context, reference.id),
    },
    Mutation: {
      processJobDescription: async (_parent: unknown, args: unknown, context: GraphqlContext): Promise<GraphqlCleanedDescription> => {
        await practiser(context);
        return { cleanedDescription: await cleanJobDescription(cleaning, parseArgs(processJobDescriptionArgsSchema, args), context.log) };
      },
      confirmJobDescription: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const userId = await practiser(context);
        return jobDescriptionNode((await jobDescriptions.confirm(userId, parseArgs(confirmJobDescriptionArgsSchema, args))).record);
      },
      createSnippet: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const userId = await practiser(context);
        return snippetNode(await snippets.create(userId, parseArgs(createSnippetArgsSchema, args)));
      },
      archiveJobDescription: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const userId = await practiser(context);
        return jobDescriptionNode(await jobDescriptions.setArchived(userId, parseArgs(idArgsSchema, args).id, true));
      },
      unarchiveJobDescription: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const userId = await practiser(context);
        return jobDescriptionNode(await jobDescriptions.setArchived(userId, parseArgs(idArgsSchema, args).id, false));
      },
      deleteJobDescription: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const userId = await practiser(context);
        const { id } = parseArgs(idArgsSchema, args);
        await jobDescriptions.delete(userId, id);
        return String(id);
      },
    },
  };
}
