import { readEvidenceSet } from './services/profile/src/suggestions/evaluation/evidence-evaluation.ts';
import { topicOverlap, topicWords } from './services/profile/src/suggestions/topic-overlap.ts';
import { hasFigure, hasResult } from './services/profile/src/suggestions/bullet-weaknesses.ts';
import { statesMeasuredResult } from '@story/proto/story-analysis';
const set = readEvidenceSet();
const stories = new Map(set.stories.map((s) => [s.storyId, s]));
for (const c of set.cases.filter((e) => e.split === 'tuning')) {
  const topic = topicWords(c.bullet);
  console.log(`\n## ${c.bullet} [${topic.map((t) => t.word).join(',')}] expected ${c.expected}`);
  for (const cand of c.candidates) {
    const s = stories.get(cand.storyId)!;
    console.log(`  story ${s.storyId} rel ${cand.relevance} overlap ${topicOverlap(topic, s.content).toFixed(2)}`);
    for (const sent of s.content.split(/(?<=[.!?])\s+/)) console.log(`     ${topicOverlap(topic, sent).toFixed(2)} m=${statesMeasuredResult(sent) ? 1 : 0} f=${hasFigure(sent) ? 1 : 0} r=${hasResult(sent) ? 1 : 0} ${sent.slice(0, 90)}`);
  }
}
