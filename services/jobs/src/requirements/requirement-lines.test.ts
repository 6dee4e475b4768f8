import { describe, expect, it } from 'vitest';
import { ALL_POSTINGS, LONG_ENTERPRISE } from '@story/testing/fixtures/long-job-posting';
import { formatPosting } from '../formatting/offline/offline-formatter.ts';
import {
  GREENHOUSE,
  HOSTILE,
  INDEED,
  JAPANESE,
  LINKEDIN,
  MARKDOWN_PAGE,
  SHORT,
  SOCIAL_POST,
  SPANISH_UK,
  STEPSTONE_DE,
  TABLE,
  WORKDAY,
  WTTJ_FR,
  pasted,
  type Posting,
} from '@story/testing/fixtures/job-postings';
import { MAX_REQUIREMENT_LINES, requirementLines } from './requirement-lines.ts';
import { MAX_REQUIREMENT_CHARS } from './requirement-text.ts';

/** The lines' texts of a posting as the offline formatter saves it. */
const linesOfPosting = (posting: Posting) => requirementLines(formatPosting(pasted(posting))).map((line) => line.text);
const linesOf = (markdown: string) => requirementLines(markdown).map((line) => line.text);

const POSTINGS = ALL_POSTINGS;

describe('requirementLines over the formatter’s postings', () => {
  it('takes what we look for, then what you will do, and nothing about the company, pay or applying (LinkedIn)', () => {
    expect(linesOfPosting(LINKEDIN)).toEqual([
      '5+ years building distributed systems',
      'Experience with Kafka, PostgreSQL and Kubernetes',
      'Fluent English; German is a plus',
      'Design and build event-driven services in Go and Kotlin that process 5 billion events a day',
      'Own the reliability of our ingestion pipeline',
      'Mentor two to three engineers',
    ]);
  });

  it('keys the lines line:0, line:1, ... in the order kept', () => {
    expect(requirementLines(formatPosting(pasted(INDEED))).map((line) => line.key)).toEqual(['line:0', 'line:1', 'line:2', 'line:3', 'line:4', 'line:5']);
  });

  it('leaves out the details box and the benefits (Indeed)', () => {
    expect(linesOfPosting(INDEED)).toEqual([
      '2+ years of warehouse supervisory experience',
      'Forklift certification preferred',
      'Ability to lift 50 lbs',
      'Supervise receiving, picking and shipping on second shift',
      'Track productivity against daily targets and report to the Operations Manager',
      'Train new associates on safety procedures (OSHA)',
    ]);
  });

  it('reads headings it has no word for from what they say ("You might be a fit if you have", "In this role, you will")', () => {
    expect(linesOfPosting(GREENHOUSE)).toEqual([
      '4+ years of product design experience',
      'A portfolio that shows end-to-end work',
      'Comfort with Figma and basic HTML/CSS',
      'Run experiments on onboarding with PMs and engineers',
      'Turn research into flows, prototypes and polished UI',
      'Contribute to our design system, Prism',
    ]);
  });

  it('drops a pay line written after the last list (Workday’s "Pay Range")', () => {
    const lines = linesOfPosting(WORKDAY);
    expect(lines[0]).toBe("Bachelor's degree in Finance, Accounting or Economics");
    expect(lines).toHaveLength(6);
    expect(lines.join(' ')).not.toMatch(/Pay Range|\$72,000/u);
  });

  it('knows German, French, Spanish and Japanese section names, and leaves out what is offered', () => {
    expect(linesOfPosting(STEPSTONE_DE)).toEqual([
      'Abgeschlossenes Studium der Informatik oder vergleichbare Ausbildung',
      'Mindestens 3 Jahre Erfahrung mit Java',
      'Sehr gute Deutschkenntnisse, gute Englischkenntnisse',
      'Weiterentwicklung unserer Plattform mit Java 21 und Spring Boot',
      'Enge Zusammenarbeit mit Produktmanagement und Kundensupport',
      'Code-Reviews und Wissensaustausch im Team',
    ]);
    expect(linesOfPosting(WTTJ_FR)).toEqual([
      'Bac+3 minimum en communication ou marketing',
      'Une première expérience réussie de 2 ans',
      'Une excellente orthographe',
      'Piloter la stratégie éditoriale sur Instagram, LinkedIn et TikTok',
      'Créer des contenus (visuels, vidéos courtes, newsletters)',
      'Analyser les performances et proposer des améliorations',
    ]);
    expect(linesOfPosting(SPANISH_UK)).toEqual(['Experiencia de 3 años con Node.js y React', 'Inglés nivel B2']);
    expect(linesOfPosting(JAPANESE)).toEqual([
      'Goでの開発経験3年以上',
      'AWSを用いたインフラ構築経験',
      '決済システムのAPI設計・開発',
      '既存システムのパフォーマンス改善',
      'コードレビューおよび若手メンバーの育成',
    ]);
  });

  it('drops emoji bullets, the salary, the call to apply and the hashtags of a social post', () => {
    expect(linesOfPosting(SOCIAL_POST)).toEqual([
      'Python, SQL and solid statistics',
      '3+ years shipping ML models',
      'Curiosity and a sense of humour',
      'Build pricing models that run in production',
      'Design A/B tests with our product teams',
      'Share what you learn in weekly demos',
    ]);
  });

  it('strips markdown (code, emphasis, numbering) and leaves out the quote and the link to apply (a markdown page)', () => {
    expect(linesOfPosting(MARKDOWN_PAGE)).toEqual([
      '8+ years of frontend engineering',
      'Deep knowledge of TypeScript and the browser platform',
      'Experience with webpack or vite build tooling',
      'Lead the migration of our web app from Vue 2 to React 19',
      'Set standards for accessibility (WCAG 2.2 AA) and performance',
      'Mentor engineers across three product teams',
    ]);
  });

  it('undoes the formatter’s escapes and keeps pasted HTML as the words it was', () => {
    expect(linesOfPosting(HOSTILE)).toEqual([
      'Experience with OWASP Top 10 & threat modelling',
      'Knowledge of C/C++ and *nix systems',
      'Comfortable with &lt;angle brackets&gt; and \\ backslashes',
    ]);
  });

  it('takes requirements, nice-to-haves, then duties of a long posting, folding nested items into the item that leads them in', () => {
    const lines = linesOfPosting(LONG_ENTERPRISE);
    expect(lines).toHaveLength(15);
    expect(lines[0]).toBe('12+ years of professional software engineering experience, including 4+ years in a staff or principal role');
    expect(lines[4]).toBe('Clear written communication: you enjoy turning a messy problem into a two-page proposal');
    expect(lines[6]).toBe('Contributions to open-source projects');
    expect(lines[9]).toMatch(/^Own the architecture of the clinical documentation platform/u);
    expect(lines[12]).toBe(
      'Raise the bar for reliability: define service level objectives with each team; run blameless post-incident reviews; make on-call sustainable (no more than one page per night on average)',
    );
    expect(lines.join(' ')).not.toMatch(/Helix Health Systems runs|salary|403\(b\)|recruiter|Equal Opportunity|Kotlin, Spring Boot/u);
  });

  it('gives nothing for a notice about pay and calling, or a table of salary bands', () => {
    expect(linesOfPosting(SHORT)).toEqual([]);
    expect(linesOfPosting(TABLE)).toEqual([]);
  });

  it.each(POSTINGS.map((posting) => [posting.name, posting] as const))('%s: plain, capped, unique lines', (_name, posting) => {
    const lines = linesOfPosting(posting);
    expect(lines.length).toBeLessThanOrEqual(MAX_REQUIREMENT_LINES);
    expect(new Set(lines).size).toBe(lines.length);
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(MAX_REQUIREMENT_CHARS);
      expect(line).toBe(line.trim());
      expect(line).not.toMatch(/\*\*|\]\(|^[-*•] |\s{2}/u);
    }
  });
});

describe('requirementLines over messy markdown', () => {
  it('reads bold lines and colon lines as headings, and nested headings under their section', () => {
    const markdown = [
      '**About Acme**',
      'We make anvils.',
      '',
      '**Requirements:**',
      '* 3 years of *Rust*',
      '+ A [portfolio](https://example.com/me)',
      '',
      '### Technical',
      '1) Knows `tokio`',
      '',
      'Benefits:',
      '- Free anvils',
    ].join('\n');
    expect(linesOf(markdown)).toEqual(['3 years of Rust', 'A portfolio']);
    expect(linesOf(`## Requirements\n\n- Rust\n\n### Technical\n\n- Knows tokio\n\n## Perks\n\n- Free anvils`)).toEqual(['Rust', 'Knows tokio']);
  });

  it('takes a requirement section’s paragraphs sentence by sentence, and underlined headings', () => {
    const markdown =
      'Requirements\n============\n\nYou have shipped a web app. You know SQL well.\nWe value e.g. curiosity at 3 a.m. on call.\n\nAbout us\n--------\n\nWe are great.';
    expect(linesOf(markdown)).toEqual(['You have shipped a web app.', 'You know SQL well.', 'We value e.g. curiosity at 3 a.m. on call.']);
  });

  it('drops exact and near duplicates, empty items and lead-ins', () => {
    const markdown = [
      '## Must have',
      '- Experience with Kafka, PostgreSQL and Kubernetes',
      '- experience with **Kafka**, PostgreSQL and Kubernetes.',
      '- Experience with Kubernetes, PostgreSQL and Kafka',
      '- ',
      '- —',
      '- You will also need:',
      '## Nice to have',
      '- Go',
      '- Go!',
    ].join('\n');
    expect(linesOf(markdown)).toEqual(['Experience with Kafka, PostgreSQL and Kubernetes', 'Go']);
  });

  it('caps a line at 300 characters on a word and at most 40 lines', () => {
    const long = `Experience ${'with distributed systems '.repeat(30)}`;
    const [line] = linesOf(`## Requirements\n\n- ${long}`);
    expect(line?.length).toBeLessThanOrEqual(300);
    expect(line).toMatch(/(?:with|distributed|systems)…$/u);
    const many = Array.from({ length: 60 }, (_, index) => `- Skill number ${index}`).join('\n');
    const lines = linesOf(`## Skills\n\n${many}`);
    expect(lines).toHaveLength(40);
    expect(lines[39]).toBe('Skill number 39');
  });

  it('without section headings takes every list item but the detail fields and pay', () => {
    const markdown = [
      '## Backend Engineer',
      '',
      '- **Location:** Remote',
      '- Acme · Berlin · Full-time',
      '- Build APIs in Go',
      '- $120k + equity',
      '- Care about tests',
    ].join('\n');
    expect(linesOf(markdown)).toEqual(['Build APIs in Go', 'Care about tests']);
  });

  it('without headings or lists splits the text into sentences, leaving out pay, applying and cries', () => {
    const markdown =
      'Hiring now! We need a React developer with 3 years of experience. You will build our dashboard. Competitive salary. Apply at jobs@acme.io.';
    expect(linesOf(markdown)).toEqual(['We need a React developer with 3 years of experience.', 'You will build our dashboard.']);
  });

  it('takes the list of "About the role" when nothing else says what the candidate needs, never that of "About us"', () => {
    expect(linesOf('## About us\n\n- 200 people\n\n## About the role\n\n- Build the billing API\n- Run the on-call rota')).toEqual([
      'Build the billing API',
      'Run the on-call rota',
    ]);
    expect(linesOf('## About the role\n\n- Build the billing API\n\n## Requirements\n\n- Go')).toEqual(['Go']);
  });

  it('falls back to the list items when the candidate sections are empty, and to nothing for nothing', () => {
    expect(linesOf('## Requirements\n\n## The role\n\n- Lead the team')).toEqual(['Lead the team']);
    expect(linesOf('')).toEqual([]);
    expect(linesOf('   \n\n***\n')).toEqual([]);
  });

  it('copes with CRLF line ends, code fences, tables and HTML', () => {
    const markdown = [
      '## Responsibilities',
      '```',
      '- not an item',
      '```',
      '| Skill | Level |',
      '|---|---|',
      '- <b>Own</b> the <script>x</script> pipeline',
    ].join('\r\n');
    expect(linesOf(markdown)).toEqual(['Skill | Level', 'Own the x pipeline']);
  });

  it('folds lazy and indented continuation lines into their item', () => {
    expect(linesOf('## Qualifications\n- Five years of\n  TypeScript\n- SQL and\nPostgres')).toEqual(['Five years of TypeScript', 'SQL and Postgres']);
  });

  it('never lists a section heading as a requirement, even written as a paragraph of its own (issue 38, 4)', () => {
    expect(linesOf('What You Bring\n\nKubernetes across regions in production\n\nOn-call incident response')).toEqual([
      'Kubernetes across regions in production',
      'On-call incident response',
    ]);
    expect(linesOf('## About the job\n\n**Requirements**\n\nFive years of Python.\n\nNice to have\n\nTerraform on AWS.')).toEqual([
      'Five years of Python.',
      'Terraform on AWS.',
    ]);
  });
});
