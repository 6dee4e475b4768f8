import { Kind, parse, print, type FieldDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SUBGRAPHS, subgraphSdl, type SubgraphName } from './graphql.ts';
import {
  graphqlAiReplySchema,
  graphqlCleanedDescriptionSchema,
  graphqlJobDescriptionSchema,
  graphqlSnippetSchema,
  graphqlAnswerReferenceSchema,
  graphqlIdSchema,
  graphqlMyPlanSchema,
  graphqlPlanRequestSchema,
  graphqlRecordingSettingsSchema,
  graphqlThreadItemSchema,
  graphqlThreadSchema,
  graphqlUserPageSchema,
  graphqlUserSchema,
  graphqlUserTypeSettingSchema,
} from './graphql-types.ts';
import {
  answerFeedbackSchema,
  answerQuoteSchema,
  assessmentScoreSchema,
  deliveryFeedbackSchema,
  fillerWordSchema,
  longPauseSchema,
  progressAttemptSchema,
  questionProgressSchema,
  snippetProgressResponseSchema,
  starPartFeedbackSchema,
  storyQuoteSchema,
  answerEntitySchema,
} from './api/feedback.ts';
import { planFeaturesSchema } from './api/plans.ts';

interface Mirror {
  subgraph: SubgraphName;
  type: string;
  schema: z.ZodObject;
}

/** Which zod schema mirrors which object type of which subgraph. */
const MIRRORS: readonly Mirror[] = [
  { subgraph: 'auth', type: 'User', schema: graphqlUserSchema },
  { subgraph: 'auth', type: 'UserPage', schema: graphqlUserPageSchema },
  { subgraph: 'auth', type: 'UserTypeSetting', schema: graphqlUserTypeSettingSchema },
  { subgraph: 'auth', type: 'RecordingSettings', schema: graphqlRecordingSettingsSchema },
  { subgraph: 'auth', type: 'PlanRequest', schema: graphqlPlanRequestSchema },
  { subgraph: 'auth', type: 'MyPlan', schema: graphqlMyPlanSchema },
  { subgraph: 'auth', type: 'PlanFeatures', schema: planFeaturesSchema },
  { subgraph: 'conversations', type: 'Thread', schema: graphqlThreadSchema },
  { subgraph: 'conversations', type: 'ThreadItem', schema: graphqlThreadItemSchema },
  { subgraph: 'conversations', type: 'AiReply', schema: graphqlAiReplySchema },
  { subgraph: 'conversations', type: 'Answer', schema: graphqlAnswerReferenceSchema },
  { subgraph: 'jobs', type: 'JobDescription', schema: graphqlJobDescriptionSchema },
  { subgraph: 'jobs', type: 'Snippet', schema: graphqlSnippetSchema },
  { subgraph: 'jobs', type: 'CleanedDescription', schema: graphqlCleanedDescriptionSchema },
  { subgraph: 'feedback', type: 'AnswerFeedback', schema: answerFeedbackSchema },
  { subgraph: 'feedback', type: 'AnswerQuote', schema: answerQuoteSchema },
  { subgraph: 'feedback', type: 'StarPartFeedback', schema: starPartFeedbackSchema },
  { subgraph: 'feedback', type: 'StoryQuote', schema: storyQuoteSchema },
  { subgraph: 'feedback', type: 'AssessmentScore', schema: assessmentScoreSchema },
  { subgraph: 'feedback', type: 'FillerWord', schema: fillerWordSchema },
  { subgraph: 'feedback', type: 'LongPause', schema: longPauseSchema },
  { subgraph: 'feedback', type: 'DeliveryFeedback', schema: deliveryFeedbackSchema },
  { subgraph: 'feedback', type: 'ProgressAttempt', schema: progressAttemptSchema },
  { subgraph: 'feedback', type: 'QuestionProgress', schema: questionProgressSchema },
  { subgraph: 'feedback', type: 'SnippetProgress', schema: snippetProgressResponseSchema },
  { subgraph: 'feedback', type: 'Answer', schema: answerEntitySchema },
];

const ROOT_TYPES = new Set(['Query', 'Mutation']);
/** Entities a subgraph only extends: conversations adds `threads` to the auth subgraph's User. */
const EXTENDED_ELSEWHERE: Record<SubgraphName, ReadonlySet<string>> = {
  auth: new Set(),
  conversations: new Set(['User']),
  jobs: new Set(),
  feedback: new Set(['Snippet']),
};

const documents = SUBGRAPHS.map((subgraph) => ({ subgraph, document: parse(subgraphSdl(subgraph)) }));

function objectTypes(subgraph: SubgraphName): Map<string, readonly FieldDefinitionNode[]> {
  const types = new Map<string, readonly FieldDefinitionNode[]>();
  for (const { document } of documents.filter((d) => d.subgraph === subgraph)) {
    for (const definition of document.definitions) {
      if (definition.kind === Kind.OBJECT_TYPE_DEFINITION) types.set(definition.name.value, definition.fields ?? []);
    }
  }
  return types;
}

const enums = new Map<string, string[]>();
for (const { document } of documents) {
  for (const definition of document.definitions) {
    if (definition.kind === Kind.ENUM_TYPE_DEFINITION) enums.set(definition.name.value, (definition.values ?? []).map((v) => v.name.value).sort());
  }
}

/** How the SDL would write a zod field's type: `String!`, `[ThreadItem!]!`, `String` (nullable). */
function sdlTypeOf(schema: z.core.$ZodType): string {
  return schema instanceof z.ZodNullable ? namedOrList(schema.unwrap()) : `${namedOrList(schema)}!`;
}

function namedOrList(schema: z.core.$ZodType): string {
  if (schema === graphqlIdSchema) return 'ID';
  if (schema instanceof z.ZodArray) return `[${sdlTypeOf(schema.element)}]`;
  if (schema instanceof z.ZodObject) return MIRRORS.find((m) => m.schema === schema)?.type ?? '(an object that mirrors no SDL type)';
  if (schema instanceof z.ZodEnum) {
    const options = schema.options.map(String).sort().join();
    return [...enums].find(([, values]) => values.join() === options)?.[0] ?? '(an enum that matches no SDL enum)';
  }
  if (schema instanceof z.ZodNumber) return schema.isInt ? 'Int' : 'Float';
  if (schema instanceof z.ZodString) return 'String';
  if (schema instanceof z.ZodBoolean) return 'Boolean';
  return `(zod ${schema._zod.def.type}, which the SDL cannot say)`;
}

/** Field name → type, as the SDL says and as the zod schema says. */
function compare(mirror: Mirror): { sdl: Record<string, string>; zod: Record<string, string> } {
  const fields = objectTypes(mirror.subgraph).get(mirror.type) ?? [];
  return {
    sdl: Object.fromEntries(fields.map((field) => [field.name.value, print(field.type)])),
    zod: Object.fromEntries(Object.entries(mirror.schema.shape).map(([name, field]) => [name, sdlTypeOf(field)])),
  };
}

describe('GraphQL zod schemas against the SDL', () => {
  it.each(MIRRORS)('$subgraph $type: same fields, types and nullability', (mirror) => {
    const { sdl, zod } = compare(mirror);
    expect(Object.keys(sdl).length).toBeGreaterThan(0);
    expect(zod).toEqual(sdl);
  });

  it.each(SUBGRAPHS)('every object type of %s has a zod schema', (subgraph) => {
    const mirrored = new Set(MIRRORS.filter((m) => m.subgraph === subgraph).map((m) => m.type));
    const missing = [...objectTypes(subgraph).keys()].filter((type) => !ROOT_TYPES.has(type) && !EXTENDED_ELSEWHERE[subgraph].has(type) && !mirrored.has(type));
    expect(missing).toEqual([]);
  });

  it('notices a renamed field, a changed nullability and a different enum', () => {
    const drifted = graphqlThreadItemSchema.omit({ aiResponse: true }).extend({ reply: z.string(), audioUrl: z.string(), createdAt: z.enum(['a']) });
    const { sdl, zod } = compare({ subgraph: 'conversations', type: 'ThreadItem', schema: drifted });
    expect(zod).not.toEqual(sdl);
    expect(zod).toMatchObject({ reply: 'String!', audioUrl: 'String!', createdAt: '(an enum that matches no SDL enum)!' });
    expect(sdl).toMatchObject({ aiResponse: 'String!', audioUrl: 'String', createdAt: 'String!' });
  });
});
