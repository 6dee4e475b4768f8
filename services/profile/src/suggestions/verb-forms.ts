/**
 * Verb forms the offline rewrite needs: the past tense a bullet starts with ("managing" → "Managed")
 * and the -ing form a result is joined with ("we cut it" → ", cutting it").
 */

// prettier-ignore
const IRREGULAR_PAST: Readonly<Record<string, string>> = {
  build: 'built', run: 'ran', lead: 'led', write: 'wrote', make: 'made', sell: 'sold', teach: 'taught', set: 'set', drive: 'drove',
  do: 'did', keep: 'kept', hold: 'held', speak: 'spoke', get: 'got', give: 'gave', bring: 'brought', find: 'found', meet: 'met',
  pay: 'paid', put: 'put', take: 'took', cut: 'cut', grow: 'grew', win: 'won', buy: 'bought', send: 'sent', spend: 'spent',
  begin: 'began', choose: 'chose', fight: 'fought', think: 'thought', rewrite: 'rewrote', rebuild: 'rebuilt', oversee: 'oversaw',
  undertake: 'undertook', draw: 'drew', feed: 'fed', read: 'read', lend: 'lent', sit: 'sat', show: 'showed', deal: 'dealt', tell: 'told', plan: 'planned', ship: 'shipped', stop: 'stopped', map: 'mapped', scope: 'scoped',
};

// prettier-ignore
const IRREGULAR_ING: Readonly<Record<string, string>> = {
  got: 'getting', cut: 'cutting', brought: 'bringing', took: 'taking', grew: 'growing', won: 'winning', made: 'making', went: 'going',
  sold: 'selling', ran: 'running', hit: 'hitting', shrank: 'shrinking', fell: 'falling', rose: 'rising', put: 'putting', set: 'setting',
  built: 'building', led: 'leading', wrote: 'writing', kept: 'keeping', saw: 'seeing', gave: 'giving', drove: 'driving', had: 'having',
  halved: 'halving', freed: 'freeing', sped: 'speeding', paid: 'paying', spent: 'spending', beat: 'beating', taught: 'teaching',
  raised: 'raising', reduced: 'reducing', increased: 'increasing', saved: 'saving', improved: 'improving', moved: 'moving', managed: 'managing',
  caught: 'catching', found: 'finding', sent: 'sending', hired: 'hiring', trained: 'training',
  stopped: 'stopping', dropped: 'dropping', shipped: 'shipping', planned: 'planning', doubled: 'doubling', tripled: 'tripling',
};

const VOWEL = /[aeiou]/;

/** The past tense of a base verb ("manage" → "managed", "build" → "built", "copy" → "copied"). */
export function pastOf(base: string): string {
  const verb = base.toLowerCase();
  const irregular = IRREGULAR_PAST[verb];
  if (irregular) return irregular;
  if (verb.endsWith('e')) return `${verb}d`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ied`;
  return `${verb}ed`;
}

/** The base verb of an -ing form, as well as spelling allows ("managing" → "manage", "planning" → "plan"). */
export function baseOfGerund(gerund: string): string {
  const stem = gerund.toLowerCase().replace(/ing$/, '');
  if (/([^aeioul])\1$/.test(stem)) return stem.slice(0, -1);
  // "manag", "creat", "reduc", "us": a word that lost its "e".
  if (/(?:[^aeiou][aeiou][cgsvz]|at|iz|is|ur|ar|ir|[^aeioul]l)$/.test(stem) && !/(?:ee|ea|oo)[a-z]$/.test(stem)) return `${stem}e`;
  return stem;
}

/** The past tense of an -ing form ("managing" → "managed"). */
export const pastOfGerund = (gerund: string): string => pastOf(baseOfGerund(gerund));

/** The -ing form of a past tense ("reduced" → "reducing", "got" → "getting"); undefined when it is not one. */
export function ingOfPast(past: string): string | undefined {
  const verb = past.toLowerCase();
  const irregular = IRREGULAR_ING[verb];
  if (irregular) return irregular;
  if (!verb.endsWith('ed') || verb.length < 5 || !VOWEL.test(verb.slice(0, -2))) return undefined;
  if (verb.endsWith('ied')) return `${verb.slice(0, -3)}ying`;
  return `${verb.slice(0, -2)}ing`;
}

/** The text with its first letter in capitals. */
export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
