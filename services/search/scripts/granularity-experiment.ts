/** Tuning aid (tuning sets only): meaning-only MRR when a conversation is embedded whole, by turn, by sentence or by windows. */
import { sharedSentenceEncoder, cosine } from '@story/service-kit/sentence-encoder';
import { readFileSync } from 'node:fs';
import { readConversationSet } from '../src/evaluation/conversation-evaluation.ts';

const enc = sharedSentenceEncoder();
const dir = new URL('../evaluation/', import.meta.url);
const json = (name: string) => JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
type Conv = { key: string; title?: string; turns: string[] };
const sentences = (text: string) => text.match(/[^.!?]+[.!?]*/g)?.map((s) => s.trim()).filter((s) => s.length > 0) ?? [text];

async function run(name: string, convs: Conv[], queries: { query: string; relevant: string[] }[]) {
  const units: Record<string, { conv: number; text: string }[]> = { whole: [], turn: [], sentence: [], window2: [], window3: [], titled: [], prev: [], prev2: [], next: [] };
  convs.forEach((c, i) => {
    units.whole!.push({ conv: i, text: c.turns.join(' ') });
    c.turns.forEach((t, ti) => {
      units.titled!.push({ conv: i, text: c.title ? `${c.title}. ${t}` : t });
      units.prev!.push({ conv: i, text: ti > 0 ? `${c.turns[ti - 1]} ${t}` : t });
      units.prev2!.push({ conv: i, text: c.turns.slice(Math.max(0, ti - 2), ti + 1).join(' ') });
      units.next!.push({ conv: i, text: c.turns.slice(Math.max(0, ti - 1), ti + 2).join(' ') });
    });
    for (const t of c.turns) {
      units.turn!.push({ conv: i, text: t });
      const s = sentences(t);
      s.forEach((x, j) => {
        units.sentence!.push({ conv: i, text: x });
        if (j + 1 < s.length || s.length === 1) units.window2!.push({ conv: i, text: s.slice(j, j + 2).join(' ') });
        if (j + 2 < s.length || (s.length < 3 && j === 0)) units.window3!.push({ conv: i, text: s.slice(j, j + 3).join(' ') });
      });
    }
    if (c.title) units.turn!.push({ conv: i, text: c.title });
  });
  const vec: Record<string, Float32Array[]> = {};
  for (const [k, list] of Object.entries(units)) vec[k] = await enc.embed(list.map((u) => u.text));
  const qv = await enc.embed(queries.map((q) => q.query), 'query');
  const scoreOf = (kind: string, q: Float32Array) => {
    const best = new Float64Array(convs.length).fill(-1);
    const second = new Float64Array(convs.length).fill(-1);
    units[kind]!.forEach((u, i) => {
      const s = cosine(q, vec[kind]![i]!);
      if (s > best[u.conv]!) { second[u.conv] = best[u.conv]!; best[u.conv] = s; } else if (s > second[u.conv]!) second[u.conv] = s;
    });
    return { best, second };
  };
  const combos: Record<string, (q: Float32Array) => Float64Array> = {
    whole: (q) => scoreOf('whole', q).best,
    titled: (q) => scoreOf('titled', q).best,
    'with previous turn': (q) => scoreOf('prev', q).best,
    prev2: (q) => scoreOf('prev2', q).best,
    'prev+next': (q) => scoreOf('next', q).best,
    'turn+prev': (q) => { const a = scoreOf('turn', q).best, b = scoreOf('prev', q).best; return a.map((x, i) => Math.max(x, b[i]!)); },
    turn: (q) => scoreOf('turn', q).best,
    sentence: (q) => scoreOf('sentence', q).best,
    window2: (q) => scoreOf('window2', q).best,
    window3: (q) => scoreOf('window3', q).best,
    'turn+sentence': (q) => { const a = scoreOf('turn', q).best, b = scoreOf('sentence', q).best; return a.map((x, i) => Math.max(x, b[i]!)); },
    'turn+0.5whole': (q) => { const a = scoreOf('turn', q).best, b = scoreOf('whole', q).best; return a.map((x, i) => x + 0.5 * b[i]!); },
    'turn+window2': (q) => { const a = scoreOf('turn', q).best, b = scoreOf('window2', q).best; return a.map((x, i) => Math.max(x, b[i]!)); },
    'turn top2': (q) => { const { best, second } = scoreOf('turn', q); return best.map((x, i) => x + 0.3 * Math.max(0, second[i]!)); },
    'sent+turn avg': (q) => { const a = scoreOf('turn', q).best, b = scoreOf('sentence', q).best; return a.map((x, i) => (x + b[i]!) / 2); },
  };
  const line: string[] = [];
  for (const [k, f] of Object.entries(combos)) {
    let mrr = 0, n = 0;
    queries.forEach((q, qi) => {
      if (q.relevant.length === 0) return;
      n++;
      const s = f(qv[qi]!);
      const order = [...s.keys()].sort((a, b) => s[b]! - s[a]!);
      const rank = order.findIndex((i) => q.relevant.includes(convs[i]!.key)) + 1;
      mrr += rank ? 1 / rank : 0;
    });
    line.push(`${k} ${(mrr / n).toFixed(3)}`);
  }
  process.stdout.write(`${name}: ${line.join(' | ')}\n`);
}
const set = readConversationSet('conversations');
await run('conversations', set.stories.map((c) => ({ key: c.key, title: c.title, turns: c.turns.filter((t) => t.role === 'me').map((t) => t.text) })), set.queries);
const single = ['stories.json', 'held-out/stories.json'].flatMap((f) => json(f)).map((s: { key: string; me: string }) => ({ key: s.key, turns: [s.me] }));
await run('original', single, json('queries.json'));
await run('feeling-outcome', single, json('feeling-outcome-queries.json'));
process.exit(0);
