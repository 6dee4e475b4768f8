/**
 * Moonshine writes as the text it learnt from was written: sometimes British spellings ("organise",
 * "per cent"), sometimes figures ("80%", "$20,000"). The recogniser's transcripts are written one
 * way, as pocketsphinx's dictionary writes them: American spelling and numbers in words, so that the
 * same answer reads, scores and searches the same whichever recogniser heard it.
 */

/** Stems whose British -ise / -isation forms become -ize / -ization. */
const IZE_STEMS = [
  'organ',
  'real',
  'recogn',
  'priorit',
  'optim',
  'summar',
  'standard',
  'custom',
  'minim',
  'maxim',
  'util',
  'apolog',
  'emphas',
  'special',
  'central',
  'final',
  'modern',
  'normal',
  'categor',
  'character',
  'critic',
  'visual',
  'automat',
  'digit',
  'capital',
  'stabil',
  'synchron',
  'familiar',
  'author',
  'legal',
  'monet',
  'personal',
  'popular',
  'initial',
  'mobil',
  'local',
  'global',
  'internal',
  'memor',
  'revolution',
  'symbol',
  'subsid',
  'hospital',
  'commercial',
  'industrial',
  'ideal',
  'general',
  'jeopard',
  'scrutin',
  'mesmer',
  'strateg',
  'item',
  'energ',
  'sympath',
];
const IZE = new RegExp(`^(${IZE_STEMS.join('|')})is(e|es|ed|ing|ation|ations|er|ers)$`, 'i');
const ANALYSE = /^(analy|paraly|cataly)s(e|ed|es|ing)$/i;
/** British -our, -re and doubled -l- words and their American forms. */
const WORDS: Record<string, string> = {
  colour: 'color',
  colours: 'colors',
  behaviour: 'behavior',
  behaviours: 'behaviors',
  favour: 'favor',
  favourite: 'favorite',
  labour: 'labor',
  honour: 'honor',
  neighbour: 'neighbor',
  rumour: 'rumor',
  endeavour: 'endeavor',
  endeavours: 'endeavors',
  harbour: 'harbor',
  flavour: 'flavor',
  centre: 'center',
  centres: 'centers',
  metre: 'meter',
  metres: 'meters',
  litre: 'liter',
  theatre: 'theater',
  fibre: 'fiber',
  licence: 'license',
  defence: 'defense',
  offence: 'offense',
  catalogue: 'catalog',
  dialogue: 'dialog',
  programme: 'program',
  programmes: 'programs',
  travelled: 'traveled',
  travelling: 'traveling',
  cancelled: 'canceled',
  cancelling: 'canceling',
  modelled: 'modeled',
  modelling: 'modeling',
  labelled: 'labeled',
  labelling: 'labeling',
  fulfil: 'fulfill',
  enrol: 'enroll',
  enrolment: 'enrollment',
  judgement: 'judgment',
  ageing: 'aging',
  grey: 'gray',
  cheque: 'check',
  tyre: 'tire',
  aluminium: 'aluminum',
};

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: [number, string][] = [
  [1_000_000_000, 'billion'],
  [1_000_000, 'million'],
  [1000, 'thousand'],
];

/** A whole number in words ("one hundred twenty three thousand four hundred five"). */
export function numberInWords(value: number): string {
  if (value < 20) return ONES[value] ?? '';
  if (value < 100) return `${TENS[Math.floor(value / 10)]}${value % 10 ? ` ${ONES[value % 10]}` : ''}`;
  if (value < 1000) return `${ONES[Math.floor(value / 100)]} hundred${value % 100 ? ` ${numberInWords(value % 100)}` : ''}`;
  for (const [scale, name] of SCALES)
    if (value >= scale) return `${numberInWords(Math.floor(value / scale))} ${name}${value % scale ? ` ${numberInWords(value % scale)}` : ''}`;
  return String(value);
}

/** A year as said: 1999 "nineteen ninety nine", 2005 "two thousand five", 2019 "twenty nineteen". */
function yearInWords(year: number): string {
  if (year >= 2000 && year < 2010) return numberInWords(year);
  const high = Math.floor(year / 100);
  const low = year % 100;
  return `${numberInWords(high)} ${low === 0 ? 'hundred' : low < 10 ? `oh ${numberInWords(low)}` : numberInWords(low)}`;
}

/** A figure as said, with what was written around it: "$20,000" → "twenty thousand dollars", "80%" → "eighty percent", "3.5" → "three point five". */
function figureInWords(token: string): string | undefined {
  const match = /^([("']*)(\$|£|€)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(%|k|m|x)?([.,;:!?)"']*)$/i.exec(token);
  if (!match) return undefined;
  const [, before = '', currency, whole = '', fraction, unit, after = ''] = match;
  const value = Number(whole.replace(/,/g, ''));
  if (!Number.isSafeInteger(value)) return undefined;
  const isYear = !currency && !unit && !fraction && !whole.includes(',') && value >= 1900 && value < 2100;
  let words = isYear ? yearInWords(value) : numberInWords(value);
  if (fraction) words += ` point ${[...fraction].map((digit) => ONES[Number(digit)]).join(' ')}`;
  const lowerUnit = unit?.toLowerCase();
  if (lowerUnit === '%') words += ' percent';
  else if (lowerUnit === 'k') words += ' thousand';
  else if (lowerUnit === 'm') words += ' million';
  else if (lowerUnit === 'x') words += ' times';
  const plural = value !== 1 || fraction;
  if (currency === '$') words += plural ? ' dollars' : ' dollar';
  else if (currency === '£') words += plural ? ' pounds' : ' pound';
  else if (currency === '€') words += plural ? ' euros' : ' euro';
  return `${before}${words}${after}`;
}

/** One written word in American spelling, its case and punctuation kept. */
function americanWord(token: string): string {
  const match = /^([^\p{L}]*)(\p{L}+)([^\p{L}]*)$/u.exec(token);
  if (!match) return token;
  const [, before = '', word = '', after = ''] = match;
  const lower = word.toLowerCase();
  let american = WORDS[lower];
  if (!american && IZE.test(lower)) american = lower.replace(/is(e|es|ed|ing|ation|ations|er|ers)$/, 'iz$1');
  if (!american && ANALYSE.test(lower)) american = lower.replace(/s(e|ed|es|ing)$/, 'z$1');
  if (!american) return token;
  const cased = word[0] === word[0]?.toUpperCase() ? american[0]?.toUpperCase() + american.slice(1) : american;
  return `${before}${cased}${after}`;
}

/** Moonshine's text written as the transcripts are: American spelling, numbers in words, "per cent" as "percent". */
export function asTranscriptWords(text: string): string {
  return writtenAsTranscript(
    text
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => ({ text: word, probability: 1 })),
  )
    .map((word) => word.text)
    .join(' ');
}

/** Moonshine's words written as the transcripts are; a figure's words each keep the figure's probability. */
export function writtenAsTranscript<Word extends { text: string; probability: number }>(words: readonly Word[]): Word[] {
  const written: Word[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as Word;
    const next = words[index + 1];
    if (/^per$/i.test(word.text) && next && /^cent\b/i.test(next.text)) {
      written.push({
        ...word,
        text: `${word.text[0] === 'P' ? 'P' : 'p'}ercent${next.text.slice(4)}`,
        probability: Math.min(word.probability, next.probability),
      });
      index++;
      continue;
    }
    const figure = figureInWords(word.text);
    if (figure) for (const part of figure.split(' ')) written.push({ ...word, text: part });
    else written.push({ ...word, text: americanWord(word.text) });
  }
  return written;
}
