/** The median and 99th percentile of some timings, in milliseconds. */
export interface Timing {
  p50: number;
  p99: number;
}

/** The p50 and p99 of `samples` (nearest rank), rounded to `decimals` places. */
export function timing(samples: number[], decimals: number): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  const scale = 10 ** decimals;
  const round = (n: number) => Math.round(n * scale) / scale;
  return { p50: round(at(50)), p99: round(at(99)) };
}

/** Times each piece of work in alternate rounds, so that a busy moment of the machine weighs on all alike. */
export async function timeAlternately<Name extends string>(rounds: number, works: Record<Name, () => Promise<unknown>>): Promise<Record<Name, Timing>> {
  const names = Object.keys(works) as Name[];
  const samples = new Map<Name, number[]>(names.map((name) => [name, []]));
  for (let i = 0; i < rounds; i++) {
    for (const name of names) {
      const started = performance.now();
      await works[name]();
      samples.get(name)?.push(performance.now() - started);
    }
  }
  return Object.fromEntries(names.map((name) => [name, timing(samples.get(name) ?? [], 2)])) as Record<Name, Timing>;
}
