import { OpenAiModelClient } from '@story/service-kit';
import { FORMATTING_SYSTEM_PROMPT, formattingUserPrompt, unfenced } from './formatting-prompt.ts';
import type { JobDescriptionFormatter, PostingContext } from './job-description-formatter.ts';

/** Cleans descriptions with OpenAI's chat completions API, or any compatible server at `baseURL`. */
export class OpenAiJobFormatter extends OpenAiModelClient implements JobDescriptionFormatter {
  async format(text: string, context: PostingContext): Promise<string> {
    const completion = await this.client.chat.completions.create({
      model: this.options.model,
      temperature: 0,
      messages: [
        { role: 'system', content: FORMATTING_SYSTEM_PROMPT },
        { role: 'user', content: formattingUserPrompt(text, context) },
      ],
    });
    const content = unfenced(completion.choices[0]?.message?.content ?? '');
    if (!content) throw new Error('the model returned an empty description');
    return content;
  }
}
