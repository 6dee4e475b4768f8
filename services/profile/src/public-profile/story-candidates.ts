import type { MatchedStory, ProfileStoryCandidate, PublicProfileRole } from '@story/proto';
import { PUBLIC_PROFILE_LIMITS } from '@story/proto';
import { sentencesOf } from '@story/language';

/** Questions that bring up a person's stories when no résumé line does (the search ranks all of them). */
const GENERAL_QUESTIONS = [
  'a project I led and the result it had',
  'a hard problem I solved at work',
  'a time I worked with a difficult team or stakeholder',
  'something I learned from a mistake or failure',
];
const MOST_CANDIDATES = 20;
const TITLE_WORDS = 9;
const TITLE_CLAUSE = 80;
const SUMMARY_CHARACTERS = 280;

/** What to ask the search service: each published-worthy role, and the general questions. */
export function candidateQueries(roles: PublicProfileRole[]): { key: string; text: string }[] {
  return [
    ...roles.map((role) => ({ key: `role:${role.id}`, text: [role.title, role.company, ...role.bullets].join('. ') })),
    ...GENERAL_QUESTIONS.map((text, index) => ({ key: `general:${index}`, text })),
  ];
}

/** The story's sentences, its words as told ("1.8 seconds" stays one number), spaces made single. */
const sentences = (text: string) => sentencesOf(text.replace(/\s+/g, ' ').trim());

/** A title drafted from the story's first clause (up to 80 characters), else its first nine words; capitalised, without the closing stop. */
export function draftStoryTitle(content: string): string {
  const first = (sentences(content)[0] ?? '').trim().replace(/[.!?]+$/, '');
  const clause = (first.split(/[,;:\u2013\u2014]\s/)[0] ?? '').trim();
  const words = first.split(' ');
  const title = clause.length <= TITLE_CLAUSE ? clause : words.slice(0, TITLE_WORDS).join(' ') + (words.length > TITLE_WORDS ? '…' : '');
  return (title.charAt(0).toUpperCase() + title.slice(1)).slice(0, PUBLIC_PROFILE_LIMITS.storyTitle);
}

/** A short summary drafted from the story's first sentences, cut at a sentence (or a word) near 280 characters. */
export function draftStorySummary(content: string): string {
  let summary = '';
  for (const sentence of sentences(content)) {
    const next = `${summary} ${sentence.trim()}`.trim();
    if (next.length > SUMMARY_CHARACTERS) break;
    summary = next;
  }
  if (summary) return summary;
  const cut = content.replace(/\s+/g, ' ').trim().slice(0, SUMMARY_CHARACTERS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trimEnd()}…`;
}

/** A story's identity: its conversation (two of its messages found by two queries are one story), else the story itself. */
const storyKeyOf = (story: MatchedStory) => (story.threadId === null ? `story:${story.storyId}` : `thread:${story.threadId}`);

/** The stories found for all the queries, each once (by its best relevance), as titles and drafted summaries: never the whole telling. */
export function storyCandidates(found: Map<string, MatchedStory[]>): ProfileStoryCandidate[] {
  const best = new Map<string, MatchedStory>();
  for (const stories of found.values()) {
    for (const story of stories) {
      const seen = best.get(storyKeyOf(story));
      if (!seen || seen.relevance < story.relevance) best.set(storyKeyOf(story), story);
    }
  }
  return [...best.values()]
    .sort((a, b) => b.relevance - a.relevance || a.storyId - b.storyId)
    .slice(0, MOST_CANDIDATES)
    .map((story) => ({ threadId: story.threadId, title: draftStoryTitle(story.content), summary: draftStorySummary(story.content) }));
}

/**
 * The stories to publish, each once: a conversation chosen twice (offered twice, or picked again after
 * publishing) is shown once, in the place it was first chosen. Stories written by hand (no thread) are
 * one when their title and summary are.
 */
export function storiesOnce<Story extends { title: string; summary: string; threadId?: number | null }>(stories: readonly Story[]): Story[] {
  const seen = new Set<string>();
  return stories.filter((story) => {
    const key = story.threadId == null ? `written:${story.title}\n${story.summary}` : `thread:${story.threadId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
