/**
 * A role's header lines ("Title, Company — Dates", "Company | Title | Dates", "Title" over "Company,
 * City   Jan 2020 – Present", "Title at Company") read into title, company, location and dates.
 */
import { findDates, type FoundDates } from './resume-dates.ts';

/** What a role's header says. */
export interface RoleHeader {
  title: string;
  company: string;
  location: string;
  dates: string;
  start: string | null;
  end: string | null;
}

const TITLE_WORDS = new RegExp(
  `\\b(?:${'engineer|engineering manager|developer|programmer|manager|director|lead|head|chief|officer|vp|vice president|president|founder|co-founder|partner|analyst|scientist|designer|architect|consultant|specialist|coordinator|administrator|assistant|associate|intern|internship|trainee|apprentice|nurse|rn|lpn|teacher|tutor|instructor|professor|lecturer|researcher|fellow|postdoc|postdoctoral|chef|cook|sous|baker|cashier|clerk|supervisor|foreman|operator|technician|driver|representative|rep|agent|executive|accountant|auditor|editor|writer|author|journalist|producer|marketer|recruiter|advisor|adviser|counselor|counsellor|therapist|physician|pharmacist|paramedic|caregiver|aide|attendant|worker|handler|picker|packer|mechanic|electrician|carpenter|owner|freelance|freelancer|contractor|volunteer|principal|staff|senior|junior|sr|jr|ceo|cto|cfo|coo|cmo|cio|svp|evp|gm|swe|sre|devops|qa|ux|ui|illustrator|photographer|artist|strategist|planner|buyer|merchandiser|stylist|barista|bartender|waiter|host|receptionist|secretary|paralegal|lawyer|attorney|solicitor|midwife|practitioner|surgeon|dentist|inspector|controller|economist|statistician|librarian|curator|coach|trainer|dispatcher|estimator|surveyor|copywriter|steward|ingénieur|entwickler|leiter|commis|pâtissier|patissier|team leader|shift leader|ta|teaching assistant|research assistant|candidate|member|tester|generalist'}(?:s)?)\\b`,
  'i',
);
const COMPANY_WORDS = new RegExp(
  `(?:\\b(?:${'inc|llc|ltd|limited|gmbh|ag|sa|sarl|plc|corp|corporation|company|co|group|holdings|hospital|clinic|medical center|health|healthcare|school|academy|university|college|institute|bank|labs|lab|technologies|systems|solutions|consulting|partners|agency|studio|studios|restaurant|bistro|brasserie|café|cafe|hotel|foods|logistics|industries|international|global|services|district|council|ministry|foundation|association|network|media|capital|ventures|pharma|motors|airlines|retail|stores|markets|distribution|centre|freight|kitchen|trust|nhs|hospitality|collective|press|insurance|bakery|realty|analytics|cloud|robotics|dynamics|works|digital|energy|supply'})\\b|&)`,
  'i',
);
const PLACE_TAIL = new RegExp(
  `^(?:[A-Z]{2}|remote|hybrid|${'usa|us|uk|united states|united kingdom|england|scotland|wales|ireland|germany|france|spain|italy|portugal|netherlands|belgium|switzerland|austria|poland|sweden|norway|denmark|finland|canada|mexico|brazil|argentina|india|china|japan|singapore|australia|new zealand|nigeria|kenya|south africa|philippines|vietnam|uae|israel|turkey'})$`,
  'i',
);
const WORK_MODE = /^(?:remote|hybrid|on-?site)(?:\s*\(.*\))?$/i;

const SEPARATORS = /\s+(?:\||—|–|-|·|•|@)\s+|\s*\|\s*|\t+|\s{3,}|,?\s+at\s+/i;
const tidy = (piece: string) =>
  piece
    .replace(/^[\s,;:()[\]|–—-]+|[\s,;:([\]|–—-]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** A piece without a trailing "City, ST", country or work mode, and that location. */
function splitLocation(piece: string): { rest: string; location: string } {
  const parts = piece
    .split(/\s*,\s*/)
    .map(tidy)
    .filter(Boolean);
  const last = parts.at(-1) ?? '';
  if (WORK_MODE.test(piece)) return { rest: '', location: piece };
  if (parts.length >= 2 && PLACE_TAIL.test(last) && !TITLE_WORDS.test(parts.at(-2) ?? '')) {
    const cityAt = parts.length >= 3 || !COMPANY_WORDS.test(parts[0] ?? '') ? parts.length - 2 : parts.length - 1;
    return { rest: parts.slice(0, cityAt).join(', '), location: parts.slice(cityAt).join(', ') };
  }
  if (parts.length >= 2 && WORK_MODE.test(last)) return { rest: parts.slice(0, -1).join(', '), location: last };
  return { rest: piece, location: '' };
}

const isTitle = (piece: string) => TITLE_WORDS.test(piece);
const isCompany = (piece: string) => COMPANY_WORDS.test(piece);

/** Reads a role's header lines into its fields; `title` is empty when the lines name nothing. */
export function readRoleHeader(lines: readonly string[]): RoleHeader {
  let dates: FoundDates | null = null;
  const pieces: string[] = [];
  const locations: string[] = [];
  for (const line of lines) {
    let text = line;
    const found: FoundDates | null = dates ? null : findDates(text);
    if (found) {
      dates = found;
      text = `${text.slice(0, found.index)} | ${text.slice(found.index + found.written.length)}`;
    }
    for (const raw of text.replace(/\((?:[^()]*)\)\s*$/, (group) => ` | ${group.slice(1, -1)}`).split(SEPARATORS)) {
      const piece = tidy(raw);
      if (!piece || !/\p{L}/u.test(piece)) continue;
      const { rest, location } = splitLocation(piece);
      if (location) locations.push(location);
      if (rest) pieces.push(rest);
    }
  }
  // "Title, Company" on its own: the comma is the only separator.
  if (pieces.length === 1 && pieces[0]?.includes(','))
    pieces.splice(
      0,
      1,
      ...(pieces[0] ?? '')
        .split(/\s*,\s*/)
        .map(tidy)
        .filter(Boolean),
    );
  const title = pieces.find((piece) => isTitle(piece) && !isCompany(piece)) ?? pieces.find((piece) => !isCompany(piece) || isTitle(piece)) ?? pieces[0] ?? '';
  const others = pieces.filter((piece) => piece !== title);
  const company = others.find((piece) => isCompany(piece) && !isTitle(piece)) ?? others[0] ?? '';
  const rest = others.filter((piece) => piece !== company && !isTitle(piece));
  const location = locations[0] ?? (rest.length === 1 && /^\p{Lu}[\p{L}.' -]{1,30}$/u.test(rest[0] ?? '') ? (rest[0] ?? '') : '');
  return { title, company, location, dates: dates?.written ?? '', start: dates?.start ?? null, end: dates?.end ?? null };
}
