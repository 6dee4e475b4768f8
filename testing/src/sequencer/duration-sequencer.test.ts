import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import { byMeasuredTime, readDurations } from './duration-sequencer.ts';
import { durationsOf } from './record-durations.cli.ts';

const ROOT = '/repo';
const file = (project: string, groupOrder: number, path: string) =>
  ({ project: { name: project, config: { sequence: { groupOrder } } }, moduleId: `${ROOT}/${path}` }) as unknown as TestSpecification;
const order = (files: TestSpecification[], durations: Record<string, number>) =>
  byMeasuredTime(files, durations, ROOT).map((spec) => `${spec.project.name}:${spec.moduleId.slice(ROOT.length + 1)}`);

describe('the run order by measured time', () => {
  it('runs the groups in their order; inside a group the kinds in blocks, the block with the longest file first, each longest first', () => {
    const files = [
      file('browser', 1, 'web/test/a.browser.test.ts'),
      file('unit', 0, 'x/short.test.ts'),
      file('browser', 1, 'web/test/voice.browser.test.ts'),
      file('unit', 0, 'x/long.test.ts'),
      file('eval', 0, 'x/model.eval.test.ts'),
      file('nats', 0, 'x/speech.nats.test.ts'),
      file('eval', 0, 'x/small.eval.test.ts'),
    ];
    const durations = {
      'web/test/a.browser.test.ts': 12,
      'web/test/voice.browser.test.ts': 119,
      'x/short.test.ts': 0.2,
      'x/long.test.ts': 7,
      'x/model.eval.test.ts': 30,
      'x/small.eval.test.ts': 1,
      'x/speech.nats.test.ts': 20,
    };
    expect(order(files, durations)).toEqual([
      'eval:x/model.eval.test.ts',
      'eval:x/small.eval.test.ts',
      'nats:x/speech.nats.test.ts',
      'unit:x/long.test.ts',
      'unit:x/short.test.ts',
      'browser:web/test/voice.browser.test.ts',
      'browser:web/test/a.browser.test.ts',
    ]);
  });

  it('runs a file with no measured time first (a new file may be long), then by path among equals', () => {
    const files = [
      file('nats', 2, 'b.nats.test.ts'),
      file('nats', 2, 'a.nats.test.ts'),
      file('nats', 2, 'new.nats.test.ts'),
      file('nats', 2, 'slow.nats.test.ts'),
    ];
    expect(order(files, { 'a.nats.test.ts': 1, 'b.nats.test.ts': 1, 'slow.nats.test.ts': 9 })).toEqual([
      'nats:new.nats.test.ts',
      'nats:slow.nats.test.ts',
      'nats:a.nats.test.ts',
      'nats:b.nats.test.ts',
    ]);
  });

  it('keeps the times of the repository, rounded to a tenth, by path from the root', () => {
    const report = { testResults: [{ name: `${ROOT}/web/test/voice.browser.test.ts`, startTime: 1_000, endTime: 119_840 }] };
    expect(durationsOf(report, ROOT)).toEqual({ 'web/test/voice.browser.test.ts': 118.8 });
    const committed = readDurations();
    expect(Object.keys(committed).length).toBeGreaterThan(300);
    expect(committed['web/test/voice.browser.test.ts']).toBeGreaterThan(committed['web/test/search.browser.test.ts'] ?? Infinity);
  });

  it('reads no times from a file that is missing, so that every file counts as new', () => {
    expect(readDurations('/nonexistent/test-durations.json')).toEqual({});
  });
});
