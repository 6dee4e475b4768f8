/**
 * What a section of a job description is about, read from its heading: what the candidate needs
 * (requirements), what they will do (duties), something else the interview should never ask about
 * (the company, benefits, pay, how to apply, legal text), or a heading we do not know.
 */

/** What a section is about; only `requirement` and `duty` sections give a mock interview its lines. */
export type SectionKind = 'requirement' | 'duty' | 'excluded' | 'unknown';

/**
 * Never a requirement, whatever else the heading says ("About the company", "Skills we offer to
 * grow"). Checked first; "about you" is about the candidate, and "about the role" is left unknown
 * (its list is taken when a description has no candidate sections).
 */
const EXCLUDED =
  /benefit|perk|\boffer|compensation|salar|\bpay\b|\bpay range|remuneration|apply|application|hiring process|how we hire|interview process|next steps|equal (?:employment )?opportunit|\beeo\b|diversity|inclusion|accommodation|\babout (?!you\b|the (?:role|job|position)\b)|who we are|why (?:join|us|work)|our (?:company|culture|mission|values|story|team)|company|culture|location|job details|^details$|additional information|other information|contact|legal|disclaimer|privacy|tech stack|our stack|remote|télétravail|teletrabajo|home.?office|working hours|\bhours\b|schedule|contract|job type|über uns|wer wir sind|wir bieten|unser angebot|vorteile|gehalt|kontakt|à propos|qui sommes|nous offrons|ce que nous offrons|avantages|rémunération|salaire|sobre nosotros|ofrecemos|beneficios|salario|給与|勤務地|福利厚生|待遇|休日|会社概要|応募方法/iu;

/** What the candidate brings: requirements, qualifications, skills, experience, the profile wanted. */
const REQUIREMENT =
  /requirement|qualification|what you(?:'ll| will)? (?:bring|need|have)|what we(?:'re| are) looking for|looking for|who you are|\babout you\b|your (?:profile|background|skills|experience)|\bprofile\b|must.haves?|nice.to.haves?|bonus|pluses|\bplus\b|skills?\b|\bexperience\b|competenc|fit if|you (?:have|bring|might)|ideal candidate|we(?:'d| would) love|expertise|knowledge|anforderung|bringst|bringen sie|\bprofil|wir erwarten|was du mitbringst|compétences|requisitos|perfil|応募資格|必須|歓迎|資格|スキル|経験/iu;

/** What the candidate will do: responsibilities, duties, tasks, the role's day to day. */
const DUTY =
  /responsibilit|\bdut(?:y|ies)\b|what you(?:'ll| will)? (?:do|be doing|work on|own)|in this role|day.to.day|your (?:role|impact|mission|tasks?|day)|\btasks?\b|the work|aufgaben|das erwartet|missions?|tâches|responsabilidades|funciones|仕事内容|業務内容|職務内容/iu;

/** A heading as plain words: no markdown marks, Japanese brackets, numbering or closing colon; apostrophes made plain. */
export function headingKey(heading: string): string {
  return heading
    .replace(/[*_`#【】[\]「」]/gu, ' ')
    .replace(/[’`´]/gu, "'")
    .replace(/^\s*\d+[.)]\s*/u, '')
    .replace(/[\s:：]+$/u, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .toLowerCase();
}

/** The kind of section a heading opens ("What you'll bring" → requirement, "Benefits" → excluded). */
export function sectionKindOf(heading: string): SectionKind {
  const key = headingKey(heading);
  if (!key) return 'unknown';
  if (EXCLUDED.test(key)) return 'excluded';
  if (REQUIREMENT.test(key)) return 'requirement';
  if (DUTY.test(key)) return 'duty';
  return 'unknown';
}
