/**
 * The words postings use for their sections and their detail labels, in the languages the
 * formatter knows. A line that is one of these is a heading (or, for labels, the key of the value
 * on the next line); a section about duties or skills holds a list even when its bullets were lost.
 */

const key = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/[\s:：]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();

const SECTION_NAMES = new Set(
  [
    // English
    'about the role', 'about the job', 'about the position', 'about the team', 'about us', 'about the company', 'who we are',
    'the role', 'role overview', 'overview', 'job description', 'job summary', 'position summary', 'summary', 'description',
    'responsibilities', 'key responsibilities', 'your responsibilities', 'main responsibilities', 'duties', 'main duties',
    'essential duties', "what you'll do", 'what you will do', 'in this role', 'your role', 'your impact', 'your mission',
    'the opportunity', 'requirements', 'minimum requirements', 'basic qualifications', 'preferred qualifications', 'qualifications',
    'minimum qualifications', "what we're looking for", 'what we are looking for', 'who you are', 'about you', 'your profile',
    'skills', 'required skills', 'skills & experience', 'skills and experience', 'experience', 'nice to have', 'nice-to-have',
    'nice to haves', 'bonus points', 'bonus', 'pluses', 'benefits', 'perks', 'perks & benefits', 'benefits & perks', 'what we offer',
    'we offer', 'compensation', 'compensation & benefits', 'compensation and benefits', 'salary', 'pay', 'location', 'how to apply',
    'application process', 'our hiring process', 'hiring process', 'next steps', 'equal opportunity', 'equal opportunity employer',
    'eeo statement', 'job details', 'details', 'additional information', 'other information', 'tech stack', 'our stack',
    "what you'll bring", 'what you will bring', "what you'll need", 'what you need', 'must have', 'must-haves', 'tasks', 'your tasks',
    "what you'll be doing", 'what you will be doing', 'what we need', 'job responsibilities', 'job requirements', 'required qualifications',
    'preferred skills', 'key skills', 'company description', 'about the company', 'why join us', 'why us',
    // German
    'über uns', 'wer wir sind', 'deine aufgaben', 'ihre aufgaben', 'aufgaben', 'dein profil', 'ihr profil', 'profil', 'anforderungen',
    'was wir bieten', 'wir bieten', 'unser angebot', 'deine vorteile', 'ihre vorteile', 'das bringst du mit', 'das bringen sie mit',
    'das erwartet dich', 'das erwartet sie', 'kontakt', 'stellenbeschreibung', 'gehalt',
    // French
    'à propos', 'à propos de nous', 'qui sommes-nous', 'qui sommes-nous ?', 'vos missions', 'missions', 'votre profil', 'profil recherché',
    'ce que nous offrons', 'nous offrons', 'avantages', 'le poste', 'description du poste', 'rémunération', 'salaire',
    // Spanish
    'sobre nosotros', 'responsabilidades', 'requisitos', 'qué ofrecemos', 'ofrecemos', 'beneficios', 'funciones', 'perfil', 'salario',
  ].map(key),
);

/** Sections whose lines are list items even without bullets. */
const LIST_SECTIONS =
  /responsibilit|dut(?:y|ies)|what you('ll| will) (?:do|bring|need)|requirement|qualification|skill|nice.to.have|bonus|plus|benefit|perk|offer|looking for|who you are|about you|profile|must.have|tasks|stack|aufgaben|profil|anforderung|bieten|vorteile|bringst|bringen|erwartet|missions|avantages|requisitos|responsabilidades|ofrecemos|beneficios|funciones|perfil/i;

/** The labels of a job site's details box, each written above its value ("Pay" / "$120,000 a year"). */
const DETAIL_LABELS = new Set(
  [
    'pay', 'salary', 'salary range', 'compensation', 'job type', 'employment type', 'contract type', 'location', 'work location',
    'schedule', 'shift', 'shift and schedule', 'seniority level', 'experience level', 'industries', 'industry', 'job function',
    'department', 'team', 'remote', 'workplace type', 'start date', 'hours', 'reports to', 'travel', 'req id', 'job id', 'posted',
    'locations', 'time type', 'job requisition id', 'posted on',
    'gehalt', 'arbeitsort', 'anstellungsart', 'standort', 'salaire', 'lieu', 'type de contrat', 'salario', 'ubicación', 'jornada',
  ].map(key),
);

/** A line that is the name of a section ("Responsibilities", "What you'll do:", "Ihr Profil"). */
export const isSectionName = (text: string): boolean => SECTION_NAMES.has(key(text));

/** A heading over lines that are list items even when their bullets were lost. */
export const isListSection = (heading: string): boolean => LIST_SECTIONS.test(heading);

/** A job site's detail label written on its own line above its value. */
export const isDetailLabel = (text: string): boolean => DETAIL_LABELS.has(key(text));
