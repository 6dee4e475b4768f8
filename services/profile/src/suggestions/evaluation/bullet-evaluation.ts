import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BULLET_WEAKNESSES, type BulletWeakness } from '@story/proto/api/resumes';
import type { BulletFinding } from '../bullet-weaknesses.ts';

/** The labelled bullets (`services/profile/evaluation/bullets.labelled.json`). */
export const LABELLED_BULLETS_FILE = fileURLToPath(new URL('../../../evaluation/bullets.labelled.json', import.meta.url));

const labelledBulletSchema = z.object({
  text: z.string().min(1),
  weak: z.boolean(),
  kinds: z.array(z.enum(BULLET_WEAKNESSES)),
  profession: z.string(),
  split: z.enum(['tuning', 'held-out']),
});
/** One bullet labelled by hand: is it weak, and why. */
export type LabelledBullet = z.infer<typeof labelledBulletSchema>;

/** Reads the labelled set; a label that contradicts itself (weak with no kind) is refused. */
export function readLabelledBullets(file = LABELLED_BULLETS_FILE): LabelledBullet[] {
  const { bullets } = z.object({ bullets: z.array(labelledBulletSchema) }).parse(JSON.parse(readFileSync(file, 'utf8')));
  for (const bullet of bullets) if (bullet.weak !== bullet.kinds.length > 0) throw new Error(`"${bullet.text}" is weak only with a kind`);
  return bullets;
}

/** Precision and recall of one label, with the counts behind them. */
export interface LabelFigures {
  precision: number;
  recall: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

/** How well an analyser finds weak bullets and each kind of weakness, and where it went wrong. */
export interface BulletFigures {
  bullets: number;
  weak: LabelFigures;
  kinds: Record<BulletWeakness, LabelFigures>;
  /** Bullets whose kinds were not exactly the labelled ones, with what was found. */
  misses: { text: string; expected: BulletWeakness[]; found: BulletWeakness[] }[];
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : Math.round((part / whole) * 1000) / 1000);

function figures(pairs: readonly { expected: boolean; found: boolean }[]): LabelFigures {
  const truePositives = pairs.filter((pair) => pair.expected && pair.found).length;
  const falsePositives = pairs.filter((pair) => !pair.expected && pair.found).length;
  const falseNegatives = pairs.filter((pair) => pair.expected && !pair.found).length;
  return {
    precision: ratio(truePositives, truePositives + falsePositives),
    recall: ratio(truePositives, truePositives + falseNegatives),
    truePositives,
    falsePositives,
    falseNegatives,
  };
}

/** Runs the analyser over labelled bullets and scores "weak" and every kind. */
export function evaluateBullets(analyze: (text: string) => BulletFinding[], bullets: readonly LabelledBullet[]): BulletFigures {
  const results = bullets.map((bullet) => ({ bullet, found: [...new Set(analyze(bullet.text).map((finding) => finding.kind))] }));
  const kinds = Object.fromEntries(
    BULLET_WEAKNESSES.map((kind) => [kind, figures(results.map(({ bullet, found }) => ({ expected: bullet.kinds.includes(kind), found: found.includes(kind) })))]),
  ) as Record<BulletWeakness, LabelFigures>;
  const misses = results
    .filter(({ bullet, found }) => found.length !== bullet.kinds.length || found.some((kind) => !bullet.kinds.includes(kind)))
    .map(({ bullet, found }) => ({ text: bullet.text, expected: bullet.kinds, found }));
  return { bullets: bullets.length, weak: figures(results.map(({ bullet, found }) => ({ expected: bullet.weak, found: found.length > 0 }))), kinds, misses };
}

/** The figures as lines to print. */
export function describeBulletFigures(label: string, result: BulletFigures): string[] {
  const line = (name: string, f: LabelFigures) => `  ${name}: precision ${f.precision}, recall ${f.recall} (tp ${f.truePositives}, fp ${f.falsePositives}, fn ${f.falseNegatives})`;
  return [`${label}, ${result.bullets} bullets:`, line('weak', result.weak), ...BULLET_WEAKNESSES.map((kind) => line(kind, result.kinds[kind]))];
}
