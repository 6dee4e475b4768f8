import { context } from '@opentelemetry/api';
import type { Histogram } from 'prom-client';
import { tracer, tracingEnabled } from './tracing.ts';

/** One stage of a piece of work and how long it took. */
export interface StageTime {
  stage: string;
  seconds: number;
}

/**
 * The stages of one piece of work (a spoken turn after Stop), one after another: each `mark` ends the
 * stage that began at the previous mark (or at the timeline's start). Each stage is observed in
 * `histogram` (labels `kind` and `stage`) and, with tracing on, is a span of the work's trace (a child
 * of the span active at the mark, its start and end the stage's own), so one turn can be read stage by
 * stage in a trace and every turn together in the metric.
 */
export class StageTimeline {
  private last = performance.now();
  private readonly recorded: StageTime[] = [];

  constructor(
    private readonly histogram: Histogram<'kind' | 'stage'>,
    private readonly kind: string,
    private readonly spanPrefix: string,
  ) {}

  /** Ends the stage now: records it, and returns its seconds. */
  mark(stage: string): number {
    const now = performance.now();
    const seconds = (now - this.last) / 1000;
    this.last = now;
    this.record({ stage, seconds });
    return seconds;
  }

  /** Records stages measured elsewhere (another process's, told with its answer), ended now, one after another; the next mark starts now. */
  add(stages: readonly StageTime[]): void {
    let end = performance.now();
    const timed = [...stages].reverse().map((stage) => {
      const at = end;
      end -= stage.seconds * 1000;
      return { stage, at };
    });
    for (const { stage, at } of timed.reverse()) this.record(stage, at);
    this.last = performance.now();
  }

  /** The stages so far, in order. */
  get stages(): readonly StageTime[] {
    return this.recorded;
  }

  private record(stage: StageTime, endedAt = performance.now()): void {
    this.recorded.push(stage);
    this.histogram.observe({ kind: this.kind, stage: stage.stage }, stage.seconds);
    if (!tracingEnabled()) return;
    const end = performance.timeOrigin + endedAt;
    const span = tracer().startSpan(
      `${this.spanPrefix} ${stage.stage}`,
      { startTime: end - stage.seconds * 1000, attributes: { 'story.stage': stage.stage, 'story.kind': this.kind } },
      context.active(),
    );
    span.end(end);
  }
}
