import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/resolverMap.js';
import { answerFeedbackArgsSchema, answerIdSchema, correctAnswerArgsSchema, idTextSchema, snippetProgressArgsSchema } from '@story/proto';
import { contextUser, parseArgs, parseInput, type GraphqlContext } from '@story/service-kit';
import type { AnswerFeedbackService } from '../answers/answer-feedback.service.ts';

/**
 * Resolvers of `proto/graphql/feedback.graphql`, over the same service as the REST routes, so
 * scoping and validation are the same: another person's answer reads as not ready (null), and a
 * snippet's progress is only ever the caller's own attempts.
 */
export function feedbackResolvers(service: AnswerFeedbackService): GraphQLResolverMap<GraphqlContext> {
  const progressOf = async (context: GraphqlContext, snippetId: () => number) => {
    const { userId } = contextUser(context);
    return service.progressFor(userId, snippetId());
  };
  return {
    Query: {
      answerFeedback: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        return (await service.find(userId, parseArgs(answerFeedbackArgsSchema, args).answerId)) ?? null;
      },
      snippetProgress: (_parent: unknown, args: unknown, context: GraphqlContext) =>
        progressOf(context, () => parseArgs(snippetProgressArgsSchema, args).snippetId),
    },
    Mutation: {
      correctAnswer: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        const { answerId, transcript } = parseArgs(correctAnswerArgsSchema, args);
        return service.correct(userId, answerId, transcript);
      },
    },
    Answer: {
      __resolveReference: (reference: { id?: unknown }) => ({ id: reference.id }),
      // Scoped like answerFeedback: an id that is not a UUID, or not the caller's answer, has none.
      feedback: async (parent: { id?: unknown }, _args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        const answerId = answerIdSchema.safeParse(parent.id);
        return answerId.success ? ((await service.find(userId, answerId.data)) ?? null) : null;
      },
    },
    Snippet: {
      __resolveReference: (reference: { id?: unknown }) => ({ id: reference.id }),
      progress: (parent: { id?: unknown }, _args: unknown, context: GraphqlContext) => progressOf(context, () => parseInput(idTextSchema, parent.id)),
    },
  };
}
