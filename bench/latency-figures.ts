/** The median and 99th percentile of some timings, in milliseconds. */
export interface Timing {
  p50: number;
  p99: number;
}

/** The p50 and p99 of `samples` (nearest rank), rounded to `decimals` places. */
export function timing(samples: number[], decimals: number): Timing {
  const at = percentiles(samples, decimals);
  return { p50: at(50), p99: at(99) };
}

/** The percentiles of `samples` (nearest rank), rounded to `decimals` places: `at(50)` is the median. */
export function percentiles(samples: readonly number[], decimals: number): (percentile: number) => number {
  const sorted = [...samples].sort((a, b) => a - b);
  const scale = 10 ** decimals;
  return (p) => Math.round((sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0) * scale) / scale;
}

/** Times `work` `rounds` times in a row. */
export async function timeEach(rounds: number, work: () => Promise<unknown>): Promise<Timing> {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return timing(samples, 2);
}

/** Times each piece of work in alternate rounds, so that a busy moment of the machine weighs on all alike. */
export async function timeAlternately<Name extends string>(rounds: number, works: Record<Name, () => Promise<unknown>>): Promise<Record<Name, Timing>> {
  const samples = await sampleAlternately(rounds, works);
  return Object.fromEntries(Object.entries<number[]>(samples).map(([name, taken]) => [name, timing(taken, 2)])) as Record<Name, Timing>;
}

/** Each piece of work's durations in milliseconds, the pieces run in alternate rounds. */
export async function sampleAlternately<Name extends string>(rounds: number, works: Record<Name, () => Promise<unknown>>): Promise<Record<Name, number[]>> {
  const names = Object.keys(works) as Name[];
  const samples = new Map<Name, number[]>(names.map((name) => [name, []]));
  for (let i = 0; i < rounds; i++) {
    for (const name of names) {
      const started = performance.now();
      await works[name]();
      samples.get(name)?.push(performance.now() - started);
    }
  }
  return Object.fromEntries(samples) as Record<Name, number[]>;
}
