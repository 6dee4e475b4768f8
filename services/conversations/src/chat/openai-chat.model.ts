import { OpenAiModelClient } from '@story/service-kit';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ChatModel, ChatRequest, OpeningRequest } from './chat-model.ts';
import {
  COACH_SYSTEM_PROMPT,
  OPENING_PROMPT,
  TITLE_SYSTEM_PROMPT,
  bulletStoryPrompt,
  interviewContextPrompt,
  nonAnswerPrompt,
  requirementStoryPrompt,
  resumePrompt,
} from './coach-prompt.ts';

/** How much of what the person said a title request sends: the story's start names it. */
const TITLE_SOURCE_CHARS = 4000;

/** The system messages every request starts with: the coach, what the résumé says, the bullet's story, the requirement to show and the interview context. */
function instructions({ context, resume, storyRequirement }: OpeningRequest): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [{ role: 'system', content: COACH_SYSTEM_PROMPT }];
  if (resume && resume.roles.length > 0) messages.push({ role: 'system', content: resumePrompt(resume.roles) });
  if (resume?.bullet) messages.push({ role: 'system', content: bulletStoryPrompt(resume.bullet) });
  if (storyRequirement?.trim()) messages.push({ role: 'system', content: requirementStoryPrompt(storyRequirement) });
  if (context && context.trim()) messages.push({ role: 'system', content: interviewContextPrompt(context) });
  return messages;
}

/** Replies from OpenAI's chat completions API, or any compatible server at `baseURL`. */
export class OpenAiChatModel extends OpenAiModelClient implements ChatModel {
  async reply(request: ChatRequest): Promise<string> {
    const messages = instructions(request);
    for (const turn of request.history) {
      if (turn.content.trim()) messages.push({ role: turn.role, content: turn.content });
    }
    if (request.nonAnswer) messages.push({ role: 'system', content: nonAnswerPrompt(request.nonAnswer) });
    messages.push({ role: 'user', content: request.text });
    const content = await this.complete(messages, 0.7);
    if (!content) throw new Error('the model returned an empty reply');
    return content;
  }

  async opening(request: OpeningRequest): Promise<string> {
    const messages = instructions(request);
    messages.push({ role: 'system', content: OPENING_PROMPT });
    const content = await this.complete(messages, 0.7);
    if (!content) throw new Error('the model returned an empty opening');
    return content;
  }

  async titleFor(userMessages: readonly string[]): Promise<string> {
    const said = userMessages
      .map((message) => message.trim())
      .filter(Boolean)
      .join('\n\n')
      .slice(0, TITLE_SOURCE_CHARS);
    if (!said) return '';
    return this.complete(
      [
        { role: 'system', content: TITLE_SYSTEM_PROMPT },
        { role: 'user', content: said },
      ],
      0.2,
    );
  }

  private async complete(messages: ChatCompletionMessageParam[], temperature: number): Promise<string> {
    const completion = await this.client.chat.completions.create({ model: this.options.model, messages, temperature });
    return completion.choices[0]?.message?.content?.trim() ?? '';
  }
}
