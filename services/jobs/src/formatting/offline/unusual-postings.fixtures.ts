/**
 * Job postings unlike a job board's page (test data of the offline formatter, exported with the
 * others by `postings.fixtures.ts`): a short note, a table, Japanese, a social post, a markdown page,
 * a hostile paste, a Spanish posting from the UK. `⟦junk⟧` marks what the site added.
 */
import type { Posting } from './postings.fixtures.ts';

const J = '⟦junk⟧';

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
