/**
 * The header of a pasted posting: the job title and the facts a board shows under it, each on a
 * line of its own once the site's badges between them are gone ("Berlin, Germany · 2 weeks ago ·
 * Over 100 applicants" / "Hybrid" / "Full-time"). The facts become one meta line, and the title
 * above them a heading. Nothing is reworded: lines are only joined with " · ".
 */
import { isDetailLabel, isSectionName } from './section-names.ts';
import { endsSentence, wordCount } from './posting-text.ts';

/** When it was posted. */
const POSTING_AGE = [
  /\b\d+\+?\s*(?:minutes?|hours?|days?|weeks?|months?|years?)\s+ago\b/i,
  /^(?:just posted|posted today|today|yesterday)$/i,
  /^(?:re)?posted\b/i,
  /^(?:erschienen|veröffentlicht|publiée?|publicado)\b/i,
  /\bvor \d+ (?:tag|tagen|stunden?|wochen?|monaten?)\b/i,
  /\bil y a \d+/i,
  /\bhace \d+/i,
];
/** How many applied. */
const APPLICANTS = /\b\d[\d,.]*\+?\s+(?:applicants|people clicked apply|candidates|bewerbungen|candidatures)\b/i;
const WORKPLACE =
  /^\(?(?:remote|hybrid|on-?site|in[- ]office|fully remote|remote[- ]first|remote within .{2,30}|work from home|home ?office|mobiles arbeiten|télétravail|remoto|híbrido|presencial)\)?$/i;
const CONTRACT =
  /^(?:full[- ]time|part[- ]time|contract(?:or)?|temporary|internship|permanent|freelance|fixed[- ]term|seasonal|vollzeit|teilzeit|feste anstellung|festanstellung|befristet|unbefristet|werkstudent|cdi|cdd|alternance|jornada completa|media jornada|indefinido)$/i;
const SENIORITY = /^(?:entry level|mid-senior level|senior level|mid level|associate|director|executive|junior|senior)$/i;
const SALARY =
  /[$€£¥₹]\s?\d|\d\s?[kK]?\s?[€£$]|\b\d+(?:[.,]\d+)?\s?[kK]\b|\b(?:an hour|a year|per hour|per year|per annum|brutto|gross)\b|\/(?:yr|hr|year|hour)\b/u;
const OFFER = /^(?:visa sponsorship|no visa sponsorship|relocation(?: assistance)?|equity)$/i;
/** "Berlin, Germany", "Columbus, OH 43219", "Berlin, Germany (Hybrid)", "London (hybrid)". */
const PLACE = /^\p{Lu}[\p{L}.'’ -]*(?:,\s*\p{Lu}[\p{L}.'’ -]*){1,2}(?:\s+\d{4,5}(?:-\d{4})?)?(?:\s*\([^)]{2,30}\))?$/u;
const PLACE_WITH_WORKPLACE = /^\p{Lu}[\p{L}.'’ -]{1,30}\s*\((?:remote|hybrid|on-?site|in[- ]office)\)$|^(?:remote|hybrid)\s*\([^)]{2,30}\)$/iu;

/**
 * Words of a job title (English, German, French, Spanish): a line above the facts with one of them
 * is the title, one without is the company or the place.
 */
const ROLE =
  /\b(?:engineer|developer|programmer|architect|designer|manager|director|head|lead|leader|analyst|scientist|specialist|consultant|coordinator|assistant|associate|administrator|officer|representative|executive|advisor|adviser|agent|technician|operator|supervisor|intern|trainee|apprentice|nurse|physician|doctor|therapist|teacher|tutor|instructor|driver|cashier|clerk|accountant|controller|auditor|editor|writer|copywriter|marketer|recruiter|sourcer|planner|buyer|chef|cook|barista|server|bartender|receptionist|attendant|mechanic|electrician|plumber|welder|carpenter|worker|handler|picker|packer|cleaner|housekeeper|caregiver|counsel(?:l)?or|lawyer|attorney|paralegal|pharmacist|researcher|professor|lecturer|producer|artist|photographer|strategist|partner|vp|cto|ceo|cfo|coo|president|sre|devops|qa|tester|steward|guard|salesperson|sales|support|success|mitarbeiter|fachkraft|praktikant|werkstudent|chargée?|responsable|conseill(?:er|ère)|technicien(?:ne)?|stagiaire|commercial|desarrollador|ingeniero|gerente|analista|técnico|asesor|jefe|diseñador)\b|(?:leiter|entwickler|ingenieur|berater|techniker|referent|kaufmann|kauffrau|développeur|ingénieur)(?:in)?\b|\((?:m\/w\/d|w\/m\/d|m\/f\/d|f\/m\/d|d\/m\/w|h\/f|f\/h|m\/f|all genders?)\)/iu;

/** A separator a board leaves at the end of a fact ("Full-time /"). */
const TRAILING_SEPARATOR = /\s*[·•|/]$/u;
const FIELD = /\s+[·•|/]\s+/u;

const isFact = (field: string): boolean =>
  POSTING_AGE.some((pattern) => pattern.test(field)) ||
  APPLICANTS.test(field) ||
  WORKPLACE.test(field) ||
  CONTRACT.test(field) ||
  SENIORITY.test(field) ||
  OFFER.test(field) ||
  (SALARY.test(field) && wordCount(field) <= 12) ||
  (!ROLE.test(field) && wordCount(field) <= 6 && (PLACE.test(field) || PLACE_WITH_WORKPLACE.test(field)));

/** A line of the header that is facts: all of them, or some among other fields ("Northwind Freight · Berlin, Germany"). */
function isMetaLine(line: string): boolean {
  const text = line.trim();
  if (!text || wordCount(text) > 20 || endsSentence(text) || /^\**[^:：*]{1,30}[:：]\**\s/u.test(text)) return false;
  const bare = text.replace(TRAILING_SEPARATOR, '');
  const fields = bare.split(FIELD);
  if (fields.every(isFact)) return true;
  if (fields.length >= 2 && fields.some(isFact)) return true;
  // "Hardware – Manipulation /": one of a board's categories, written one per line.
  return bare !== text && wordCount(bare) <= 6;
}

const tellsAgeOrApplicants = (line: string): boolean =>
  line.split(FIELD).some((field) => APPLICANTS.test(field) || POSTING_AGE.some((pattern) => pattern.test(field)));

const isTitle = (line: string): boolean => {
  const text = line.trim();
  return !text.startsWith('#') && wordCount(text) <= 12 && !endsSentence(text) && !/[:：]$/u.test(text) && !isMetaLine(text) && ROLE.test(text);
};

/** Where the header ends: the first section, list, details box or line of prose. */
function headerEnd(lines: readonly string[]): number {
  let seen = 0;
  for (let index = 0; index < lines.length; index++) {
    const text = (lines[index] ?? '').trim();
    if (!text) continue;
    if (++seen > 15) return index;
    // Facts never end it, also a long line of them or one a details box would use as a label ("Remote").
    if (isMetaLine(text)) continue;
    if (wordCount(text) >= 12 || endsSentence(text) || /[:：]$/u.test(text)) return index;
    if (isSectionName(text) || isDetailLabel(text) || /^(?:#|[-•*▪◦●]\s|\d{1,3}[.)]\s)/u.test(text)) return index;
  }
  return lines.length;
}

/**
 * The lines with the header's facts joined into one meta line (where they were on several), and the
 * title above the facts marked as a heading when they are several or tell the posting's age.
 */
export function withHeaderMeta(lines: readonly string[]): string[] {
  const out = [...lines];
  const end = headerEnd(out);
  const groups: number[][] = [];
  let group: number[] = [];
  for (let index = 0; index < end; index++) {
    const line = out[index] ?? '';
    if (!line.trim()) continue;
    if (isMetaLine(line)) {
      group.push(index);
      continue;
    }
    if (group.length > 0) groups.push(group);
    group = [];
  }
  if (group.length > 0) groups.push(group);

  let titled = false;
  for (const members of groups) {
    const [first] = members;
    if (first === undefined) continue;
    if (members.length > 1) {
      out[first] = members.map((index) => (out[index] ?? '').trim().replace(TRAILING_SEPARATOR, '')).join(' · ');
      for (const index of members.slice(1)) out[index] = '';
    }
    if (titled || (members.length === 1 && !tellsAgeOrApplicants(out[first] ?? ''))) continue;
    titled = true;
    let above = first - 1;
    while (above >= 0 && !(out[above] ?? '').trim()) above--;
    const title = out[above];
    if (above >= 0 && title !== undefined && isTitle(title)) out[above] = `## ${title.trim()}`;
  }
  return out;
}
