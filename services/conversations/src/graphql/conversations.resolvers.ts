import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/resolverMap.js';
import {
  THREAD_MESSAGES,
  idArgsSchema,
  idTextSchema,
  openConversationArgsSchema,
  processTextArgsSchema,
  renameThreadArgsSchema,
  saveConversationArgsSchema,
  threadsArgsSchema,
  type Thread,
  type ThreadItem,
} from '@story/proto';
import { contextUser, forbidden, parseArgs, parseInput, type GraphqlContext } from '@story/service-kit';
import { z } from 'zod';
import { openConversation } from '../chat/opening.service.ts';
import { processText, type ProcessTextDeps } from '../chat/process-text.service.ts';
import { presentThread, presentThreadItem } from '../threads/thread.presenter.ts';
import type { MessageRecord } from '../threads/thread.repository.ts';
import type { ThreadService } from '../threads/thread.service.ts';

/** A ThreadItem as its field resolvers get it: what REST presents, the thread its audio is under, and its size. */
type ThreadItemNode = ThreadItem & { threadId: number; audioBytes: number | null };
const threadItemNode = (message: MessageRecord): ThreadItemNode => ({
  ...presentThreadItem(message),
  threadId: message.threadId,
  audioBytes: message.audioBytes,
});

const userReference = z.object({ id: idTextSchema });

/**
 * Resolvers of `proto/graphql/conversations.graphql`. They call the same ThreadService and
 * processText as the REST routes, so scoping and validation are the same: a thread that is not the
 * caller's resolves to null (queries) or NOT_FOUND (mutations), never to data.
 */
export function conversationsResolvers(threads: ThreadService, chat: ProcessTextDeps): GraphQLResolverMap<GraphqlContext> {
  const listThreads = async (context: GraphqlContext, rawArgs: unknown): Promise<Thread[]> => {
    const { userId } = contextUser(context);
    const { deleted } = parseArgs(threadsArgsSchema, rawArgs);
    return (await threads.listThreads(userId, deleted)).map(presentThread);
  };
  const findThread = async (context: GraphqlContext, id: unknown): Promise<Thread | null> => {
    const { userId } = contextUser(context);
    const parsed = idTextSchema.safeParse(id);
    if (!parsed.success) return null;
    const thread = await threads.getThread(userId, parsed.data).catch(() => undefined);
    return thread ? presentThread(thread) : null;
  };

  return {
    Query: {
      threads: (_parent: unknown, args: unknown, context: GraphqlContext) => listThreads(context, args),
      thread: (_parent: unknown, args: { id?: unknown }, context: GraphqlContext) => findThread(context, args.id),
    },
    Thread: {
      __resolveReference: (reference: { id?: unknown }, context: GraphqlContext) => findThread(context, reference.id),
      items: async (parent: Thread, _args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        return (await threads.listMessages(userId, Number(parent.id))).map(threadItemNode);
      },
    },
    ThreadItem: {
      answer: (item: ThreadItemNode) => (item.answerId ? { id: item.answerId } : null),
    },
    User: {
      threads: async (parent: unknown, args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        const user = parseInput(userReference, parent);
        // A user's threads are theirs alone, admins included.
        if (user.id !== userId) throw forbidden(THREAD_MESSAGES.onlyOwnThreads);
        return listThreads(context, args);
      },
    },
    Mutation: {
      createThread: async (_parent: unknown, _args: unknown, context: GraphqlContext) => presentThread(await threads.createThread(contextUser(context).userId)),
      renameThread: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        const { id, title } = parseArgs(renameThreadArgsSchema, args);
        return presentThread(await threads.renameThread(userId, id, title));
      },
      deleteThread: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        const { id } = parseArgs(idArgsSchema, args);
        return presentThread(await threads.deleteThread(userId, id));
      },
      recoverThread: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        const { id } = parseArgs(idArgsSchema, args);
        return presentThread(await threads.recoverThread(userId, id));
      },
      saveConversation: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        const { message } = await threads.saveConversation(userId, parseArgs(saveConversationArgsSchema, args));
        return threadItemNode(message);
      },
      processText: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        const { aiResponse, answerId } = await processText(chat, userId, parseArgs(processTextArgsSchema, args), context.log);
        return { aiResponse, answerId: answerId ?? null };
      },
      openConversation: async (_parent: unknown, args: unknown, context: GraphqlContext) => {
        const { userId } = contextUser(context);
        const { aiResponse } = await openConversation(chat, userId, parseArgs(openConversationArgsSchema, args), context.log);
        return { aiResponse, answerId: null };
      },
    },
  };
}
