import type { ExportedStories } from '@story/proto';
import { jsonFile, type ExportFile, type ExportSource } from '@story/service-kit';
import type { StoryRepository } from '../stories/story.repository.ts';

/** The search service's part of the data export: the stories it keeps of the person's conversations (without their vectors). */
export class SearchExportSource implements ExportSource {
  constructor(private readonly stories: StoryRepository) {}

  async keys(userId: number): Promise<string[]> {
    return (await this.stories.storiesOf(userId)).length > 0 ? ['stories'] : [];
  }

  async files(userId: number): Promise<ExportFile[]> {
    const stories = await this.stories.storiesOf(userId);
    const exported: ExportedStories = {
      stories: stories.map(({ id, sourceType, content, threadId, snippetId, jobDescriptionId, hidden, createdAt }) => ({
        id,
        sourceType,
        content,
        threadId,
        snippetId,
        jobDescriptionId,
        hidden,
        createdAt,
      })),
    };
    return [jsonFile('stories.json', exported)];
  }
}
