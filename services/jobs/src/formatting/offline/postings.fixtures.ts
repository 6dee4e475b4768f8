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

export const SHORT: Posting = {
  name: 'Two-line notice (no structure at all)',
  marked: `Barista wanted! Flexible hours, €14/h plus tips.
Call Marta on 030 1234567 or drop by Kaffeebar Kreuzberg.`,
};

export const TABLE: Posting = {
  name: 'Salary bands copied from a table (tab-separated cells)',
  marked: `Data Engineer – Salary bands
Level\tBase salary\tBonus
Mid\t€70,000\t10%
Senior\t€85,000\t12%
Staff\t€100,000\t15%

Location\tAmsterdam (hybrid, 3 days in office)
Contract\tPermanent, 40 hours`,
};

export const JAPANESE: Posting = {
  name: 'Japanese posting (【】 headings, ・ bullets, no spaces, salary in 万円)',
  marked: `【募集職種】
バックエンドエンジニア（Go）

【仕事内容】
・決済システムのAPI設計・開発
・既存システムのパフォーマンス改善
・コードレビューおよび若手メンバーの育成

【応募資格】
・Goでの開発経験3年以上
・AWSを用いたインフラ構築経験

【給与】
月給40万円〜60万円（経験・能力による）

【勤務地】
東京都渋谷区（リモートワーク可）`,
};

export const SOCIAL_POST: Posting = {
  name: 'LinkedIn post (bold and italic Unicode letters, emoji bullets, hashtags)',
  marked: `🚀 𝗪𝗲'𝗿𝗲 𝗵𝗶𝗿𝗶𝗻𝗴: 𝗦𝗲𝗻𝗶𝗼𝗿 𝗗𝗮𝘁𝗮 𝗦𝗰𝗶𝗲𝗻𝘁𝗶𝘀𝘁 (𝗥𝗲𝗺𝗼𝘁𝗲, 𝗘𝗨)

At Fernweh Travel we turn 40 TB of booking data into better trips.

𝗪𝗵𝗮𝘁 𝘆𝗼𝘂'𝗹𝗹 𝗱𝗼
✅ Build pricing models that run in production
✅ Design A/B tests with our product teams
✅ Share what you learn in weekly demos

𝗪𝗵𝗮𝘁 𝘄𝗲'𝗿𝗲 𝗹𝗼𝗼𝗸𝗶𝗻𝗴 𝗳𝗼𝗿
👉 Python, SQL and solid statistics
👉 3+ years shipping ML models
👉 𝘊𝘶𝘳𝘪𝘰𝘴𝘪𝘵𝘺 and a sense of humour

💶 €90k–€110k + 30 days holiday

Interested? DM me or apply via the link in the comments 👇
#hiring #datascience #remotejobs`,
};

export const MARKDOWN_PAGE: Posting = {
  name: 'A careers page already written in markdown (headings, * bullets, numbered list, code, a link)',
  marked: `# Staff Frontend Engineer

**Team:** Web Platform
**Location:** Remote (Europe)

## What you will do

* Lead the migration of our web app from Vue 2 to React 19
* Set standards for accessibility (WCAG 2.2 AA) and performance
* Mentor engineers across *three* product teams

## What you bring

1. 8+ years of frontend engineering
2. Deep knowledge of TypeScript and the browser platform
3. Experience with \`webpack\` or \`vite\` build tooling

> We review every application within 10 working days.

[Apply here](https://jobs.example.com/staff-frontend)`,
};

export const HOSTILE: Posting = {
  name: 'Pasted HTML and a javascript: link (must come out inert, words kept)',
  marked: `Security Engineer
<script>alert('xss')</script>
<img src=x onerror="alert(1)">
Read more about us [here](javascript:alert(document.cookie)).
Requirements:
* Experience with OWASP Top 10 & threat modelling
* Knowledge of C/C++ and *nix systems
* Comfortable with &lt;angle brackets&gt; and \\ backslashes
Compensation: $150k–$180k`,
};

export const SPANISH_UK: Posting = {
  name: 'Spanish posting, then a UK one on the same page (£ salary, "per annum")',
  marked: `Desarrollador/a Full Stack
Madrid · Híbrido

Requisitos:
- Experiencia de 3 años con Node.js y React
- Inglés nivel B2

Ofrecemos:
- Salario: 40.000 € – 48.000 € brutos anuales
- Horario flexible y 23 días de vacaciones
-----
Customer Success Manager – London
Salary: £45,000 - £55,000 per annum + bonus
Hours: 9:00–17:30, Monday to Friday
${J}Apply now
${J}Back to search results`,
};
