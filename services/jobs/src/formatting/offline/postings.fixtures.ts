/**
 * Job postings as people paste them (test data of the offline formatter): copied from job boards
 * and company pages, with the sites' buttons, banners and truncation controls. `⟦junk⟧` marks what
 * the site added (a whole line, or the rest of a line): the formatter may drop exactly that, and
 * must keep every other word.
 */

export interface Posting {
  name: string;
  /** The posting with its junk marked. */
  marked: string;
}

const J = '⟦junk⟧';

/** What the person pastes. */
export const pasted = (posting: Posting): string => posting.marked.replaceAll(J, '');

/** The posting's own text: marked lines and line tails removed. */
export const contentOf = (posting: Posting): string =>
  posting.marked
    .split('\n')
    .map((line) => (line.includes(J) ? line.slice(0, line.indexOf(J)) : line))
    .join('\n');

export const LINKEDIN: Posting = {
  name: 'LinkedIn job page (English, bullets •, a line broken mid-bullet, salary line)',
  marked: `${J}Skip to main content
Senior Backend Engineer
Nimbus Analytics · Berlin, Germany (Hybrid) · 2 days ago · Over 100 applicants
${J}Promoted
${J}Easy Apply
${J}Save
About the job
Nimbus Analytics helps 2,000 retailers forecast demand. We are looking for a Senior Backend Engineer to join our Platform team.


What you'll do:
• Design and build event-driven services in Go and
Kotlin that process 5 billion events a day
• Own the reliability of our ingestion pipeline
• Mentor two to three engineers

What we're looking for
•5+ years building distributed systems
• Experience with Kafka, PostgreSQL and Kubernetes
• Fluent English; German is a plus

Salary: €85,000 – €105,000 per year + stock options${J}…see more
${J}Show less
${J}Report this job`,
};

export const INDEED: Posting = {
  name: 'Indeed (details box of label and value lines, "-" bullets, US salary)',
  marked: `Warehouse Operations Supervisor
Northwind Logistics
Columbus, OH 43215
${J}Apply now
${J}Save job
Job details
Pay
$58,000 - $64,000 a year
Job type
Full-time
Shift and schedule
8 hour shift
Monday to Friday
${J}Full job description
Northwind Logistics is hiring a Warehouse Operations Supervisor to lead our second-shift team of 25 associates.

Responsibilities:
- Supervise receiving, picking and shipping on second shift
- Track productivity against daily targets and report to the Operations Manager
- Train new associates on safety procedures (OSHA)

Qualifications:
- 2+ years of warehouse supervisory experience
- Forklift certification preferred
- Ability to lift 50 lbs

Benefits:
- 401(k) matching
- Health insurance
- Paid time off

Work Location: In person
${J}Report job`,
};

export const GREENHOUSE: Posting = {
  name: 'Greenhouse board behind a cookie banner (short title headings, US salary range)',
  marked: `${J}We use cookies to improve your experience and analyze site traffic. By clicking "Accept", you consent to our use of cookies. Read our Privacy Policy.
${J}Accept
${J}Reject All
${J}Cookie Settings
Product Designer, Growth
Remote (US & Canada)

About Lumen
Lumen builds budgeting software used by 3 million households. We're a team of 140 people across 9 time zones.

About the role
As a Product Designer on Growth, you'll shape the first five minutes of every new customer's journey.

In this role, you will:
- Run experiments on onboarding with PMs and engineers
- Turn research into flows, prototypes and polished UI
- Contribute to our design system, Prism

You might be a fit if you have:
- 4+ years of product design experience
- A portfolio that shows end-to-end work
- Comfort with Figma and basic HTML/CSS

Compensation
The base salary range for this role is $130,000–$160,000 USD, plus equity.

Lumen is an equal opportunity employer.
${J}Apply for this job`,
};

export const WORKDAY: Posting = {
  name: 'Workday (lower-case detail labels, ALL-CAPS headings, numbered "1)" items)',
  marked: `${J}Skip to main content
Financial Analyst II
${J}Apply
locations
Chicago, IL
time type
Full time
job requisition id
R-20481
JOB DESCRIPTION
Meridian Health is seeking a Financial Analyst II to support budgeting and forecasting for our hospital network.

PRIMARY RESPONSIBILITIES:
1) Prepare monthly variance reports for 12 hospitals
2) Build and maintain forecasting models in Excel and Adaptive Insights
3) Partner with department leaders to explain budget results

MINIMUM QUALIFICATIONS:
1) Bachelor's degree in Finance, Accounting or Economics
2) 3 years of FP&A experience
3) Advanced Excel skills (pivot tables, INDEX/MATCH)

Pay Range: $72,000.00 - $94,000.00 USD Annual`,
};

export const STEPSTONE_DE: Posting = {
  name: 'German posting (umlauts, • bullets, a bullet broken after "und", salary in €)',
  marked: `${J}Jetzt bewerben
${J}Merken
Softwareentwickler (m/w/d) Java
Hanseatic Software GmbH · Hamburg · Vollzeit

Über uns
Wir entwickeln seit 2009 Logistiksoftware für mittelständische Speditionen in ganz Europa.

Deine Aufgaben:
• Weiterentwicklung unserer Plattform mit Java 21 und Spring Boot
• Enge Zusammenarbeit mit Produktmanagement und
Kundensupport
• Code-Reviews und Wissensaustausch im Team

Das bringst du mit:
• Abgeschlossenes Studium der Informatik oder vergleichbare Ausbildung
• Mindestens 3 Jahre Erfahrung mit Java
• Sehr gute Deutschkenntnisse, gute Englischkenntnisse

Wir bieten:
• 30 Tage Urlaub
• Gehalt: 65.000 € – 80.000 € brutto/Jahr
• Jobrad und Deutschlandticket

Ansprechpartnerin: Jana Müller, jana.mueller@hanseatic-software.de`,
};

export const WTTJ_FR: Posting = {
  name: 'French posting (– en-dash bullets, "Titre :" with a space before the colon, salary in k€)',
  marked: `${J}Postuler
Chargé·e de communication digitale
Maison Verte · Lyon · CDI

Le poste
Vos missions :
– Piloter la stratégie éditoriale sur Instagram, LinkedIn et TikTok
– Créer des contenus (visuels, vidéos courtes, newsletters)
– Analyser les performances et proposer des améliorations

Profil recherché
– Bac+3 minimum en communication ou marketing
– Une première expérience réussie de 2 ans
– Une excellente orthographe

Salaire : 38 k€ à 42 k€ bruts annuels
Télétravail : 2 jours par semaine`,
};

export const PDF_WRAPPED: Posting = {
  name: 'PDF copy (hard-wrapped lines broken mid-sentence, ALL-CAPS headings, wrapped bullets)',
  marked: `REGIONAL SALES MANAGER – NORDICS
Arctic Robotics AB, Stockholm

POSITION SUMMARY
The Regional Sales Manager is responsible for growing revenue across Sweden,
Norway, Denmark and Finland. You will report to the VP Sales EMEA and work
closely with our channel partners to close deals with warehouse and
manufacturing customers.

KEY RESPONSIBILITIES
- Achieve an annual quota of SEK 30 million
- Build a pipeline of qualified opportunities through partners, events and
  direct outreach
- Negotiate multi-year contracts with procurement teams

REQUIREMENTS
- 7+ years of B2B sales experience, ideally in automation or
  industrial equipment
- Fluency in Swedish and English; Norwegian or Danish is an advantage
- Willingness to travel up to 40% of the time

HOW TO APPLY
Send your CV and a short cover letter to careers@arcticrobotics.se before
30 June 2025.`,
};

// Postings that are no job board's page: a short note, a table, other languages, a social post, markdown, a hostile paste.
export * from './unusual-postings.fixtures.ts';

/** The lines LinkedIn puts between a posting's header and "About the job" (issue 19): its buttons and the recruiter's card. */
export const LINKEDIN_FURNITURE = [
  'Show match details',
  'Set alert for similar jobs',
  'Meet the hiring team',
  'Jana K. · 2nd · Engineering Manager at Northwind Freight',
  'Message',
];
