import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { Histogram, Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { StageTimeline } from './stage-timeline.ts';
import { startTracing, stopTracing } from './tracing.ts';

const histogramIn = (registry: Registry) =>
  new Histogram({ name: 'test_stage_seconds', help: 'test', labelNames: ['kind', 'stage'] as const, buckets: [0.01, 0.1, 1], registers: [registry] });

/** The count and sum of one stage, from the registry. */
async function observed(histogram: Histogram<'kind' | 'stage'>, kind: string, stage: string): Promise<{ count: number; sum: number }> {
  const { values } = await histogram.get();
  const one = (suffix: string) =>
    values.find((value) => (value as { metricName?: string }).metricName?.endsWith(suffix) && value.labels.kind === kind && value.labels.stage === stage)
      ?.value ?? 0;
  return { count: one('_count'), sum: one('_sum') };
}

describe('a stage timeline', () => {
  afterEach(() => stopTracing());

  it('observes each stage from the mark before it, and stages told by another process as they were', async () => {
    const histogram = histogramIn(new Registry());
    const timeline = new StageTimeline(histogram, 'live', 'voice turn');
    await new Promise((resolve) => setTimeout(resolve, 30));
    const first = timeline.mark('recognised');
    expect(first).toBeGreaterThanOrEqual(0.025);
    timeline.add([
      { stage: 'decode-backlog', seconds: 0.2 },
      { stage: 'merge', seconds: 0.05 },
    ]);
    const second = timeline.mark('replied');
    expect(second).toBeLessThan(0.025);
    expect(timeline.stages.map((stage) => stage.stage)).toEqual(['recognised', 'decode-backlog', 'merge', 'replied']);
    expect(await observed(histogram, 'live', 'recognised')).toEqual({ count: 1, sum: first });
    expect(await observed(histogram, 'live', 'decode-backlog')).toEqual({ count: 1, sum: 0.2 });
    expect(await observed(histogram, 'whole', 'recognised')).toEqual({ count: 0, sum: 0 });
  });

  it('makes each stage a span of the trace when tracing is on, its length the stage’s', async () => {
    const exporter = new InMemorySpanExporter();
    expect(await startTracing('kit-unit', { exporter })).toBe(true);
    const timeline = new StageTimeline(histogramIn(new Registry()), 'whole', 'voice turn');
    timeline.add([{ stage: 'sphinx-tail', seconds: 0.4 }]);
    timeline.mark('counted');
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual(['voice turn sphinx-tail', 'voice turn counted']);
    const [told] = spans;
    const seconds = (told?.duration[0] ?? 0) + (told?.duration[1] ?? 0) / 1e9;
    expect(seconds).toBeCloseTo(0.4, 2);
    expect(told?.attributes).toMatchObject({ 'story.stage': 'sphinx-tail', 'story.kind': 'whole' });
  });
});
