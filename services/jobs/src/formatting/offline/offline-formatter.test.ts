import { describe, expect, it } from 'vitest';
import { ALL_POSTINGS, LONG_ENTERPRISE } from '@story/testing/fixtures/long-job-posting';
import { formatPosting } from './offline-formatter.ts';
import {
  GREENHOUSE,
  HOSTILE,
  INDEED,
  JAPANESE,
  LINKEDIN,
  LINKEDIN_FURNITURE,
  MARKDOWN_PAGE,
  PDF_WRAPPED,
  SHORT,
  SOCIAL_POST,
  STEPSTONE_DE,
  TABLE,
  WORKDAY,
  WTTJ_FR,
  contentOf,
  pasted,
  type Posting,
} from '@story/testing/fixtures/job-postings';
import { comparableWords, headingsOf, listItemsOf, listSizesOf, nodesOf, postingWordsLost, renderedWords } from './rendered-words.ts';

const POSTINGS = ALL_POSTINGS;

const format = (posting: Posting) => formatPosting(pasted(posting));

describe('offline formatter: every posting', () => {
  it.each(POSTINGS.map((posting) => [posting.name, posting] as const))('%s: renders every word of the posting, in order, and no junk', (_name, posting) => {
    expect(renderedWords(format(posting))).toEqual(comparableWords(contentOf(posting)));
  });

  it.each(POSTINGS.map((posting) => [posting.name, posting] as const))('%s: is stable when its own output is formatted again', (_name, posting) => {
    const once = format(posting);
    expect(formatPosting(once)).toBe(once);
  });

  it.each(POSTINGS.map((posting) => [posting.name, posting] as const))('%s: renders no raw HTML and no link outside http(s) and mailto', (_name, posting) => {
    const markdown = format(posting);
    expect(nodesOf(markdown, 'html')).toEqual([]);
    for (const link of nodesOf(markdown, 'link')) expect(link.url).toMatch(/^(https?:|mailto:)/);
  });
});

describe('offline formatter: structure recovered', () => {
  it('LinkedIn: section headings, bullets with a broken line joined, no buttons, bold salary label', () => {
    const markdown = format(LINKEDIN);
    expect(headingsOf(markdown)).toEqual(['Senior Backend Engineer', 'About the job', "What you'll do", "What we're looking for"]);
    expect(listSizesOf(markdown)).toEqual([3, 3]);
    expect(markdown).toContain('- Design and build event-driven services in Go and Kotlin that process 5 billion events a day');
    expect(markdown).toContain('- 5+ years building distributed systems');
    expect(markdown).toContain('**Salary:** €85,000 – €105,000 per year + stock options');
    expect(markdown).not.toMatch(/Easy Apply|Show less|Report this job|see more|Skip to main content/);
  });

  it('Indeed: the details box becomes labelled items, colon headings become headings', () => {
    const markdown = format(INDEED);
    expect(markdown).toContain('- **Pay:** $58,000 - $64,000 a year\n- **Job type:** Full-time\n- **Shift and schedule:** 8 hour shift');
    expect(headingsOf(markdown)).toEqual(['Job details', 'Responsibilities', 'Qualifications', 'Benefits']);
    expect(markdown).toContain('**Work Location:** In person');
  });

  it('Greenhouse: the cookie banner is gone, short titles above text become headings', () => {
    const markdown = format(GREENHOUSE);
    expect(markdown).not.toMatch(/cookie|Reject All|Accept/i);
    expect(headingsOf(markdown)).toEqual(expect.arrayContaining(['About Lumen', 'About the role', 'Compensation']));
    expect(listSizesOf(markdown)).toEqual([3, 3]);
  });

  it('Workday: lower-case detail labels pair with their values, 1) items become a numbered list', () => {
    const markdown = format(WORKDAY);
    expect(markdown).toContain('**locations:** Chicago, IL');
    expect(markdown).toContain('**job requisition id:** R-20481');
    expect(headingsOf(markdown)).toEqual(['Financial Analyst II', 'JOB DESCRIPTION', 'PRIMARY RESPONSIBILITIES', 'MINIMUM QUALIFICATIONS']);
    expect(markdown).toContain('1. Prepare monthly variance reports for 12 hospitals\n2. Build');
    // Two numbered lists in a row keep apart.
    expect(nodesOf(markdown, 'list').filter((list) => list.ordered)).toHaveLength(2);
  });

  it('German and French: their section names, bullets and salary labels', () => {
    const german = format(STEPSTONE_DE);
    expect(headingsOf(german)).toEqual(['Über uns', 'Deine Aufgaben', 'Das bringst du mit', 'Wir bieten']);
    expect(german).toContain('- Enge Zusammenarbeit mit Produktmanagement und Kundensupport');
    expect(german).toContain('- **Gehalt:** 65.000 € – 80.000 € brutto/Jahr');
    const french = format(WTTJ_FR);
    expect(headingsOf(french)).toEqual(['Le poste', 'Vos missions', 'Profil recherché']);
    expect(french).toContain('**Salaire:** 38 k€ à 42 k€ bruts annuels');
  });

  it('PDF: wrapped prose becomes one paragraph, wrapped bullets one item, ALL-CAPS lines headings', () => {
    const markdown = format(PDF_WRAPPED);
    expect(headingsOf(markdown)).toEqual(['REGIONAL SALES MANAGER – NORDICS', 'POSITION SUMMARY', 'KEY RESPONSIBILITIES', 'REQUIREMENTS', 'HOW TO APPLY']);
    expect(markdown).toContain('growing revenue across Sweden, Norway, Denmark and Finland. You will report to the VP Sales EMEA and work closely with');
    expect(markdown).toContain('- Build a pipeline of qualified opportunities through partners, events and direct outreach');
    expect(markdown).toContain('careers@arcticrobotics.se before 30 June 2025.');
  });

  it('a two-line notice stays one paragraph', () => {
    expect(format(SHORT)).toBe('Barista wanted! Flexible hours, €14/h plus tips. Call Marta on 030 1234567 or drop by Kaffeebar Kreuzberg.');
  });

  it('a flattened table becomes a list of rows', () => {
    const markdown = format(TABLE);
    expect(markdown).toContain('- **Level** · Base salary · Bonus\n- **Mid** · €70,000 · 10%');
    expect(markdown).toContain('- **Location:** Amsterdam (hybrid, 3 days in office)\n- **Contract:** Permanent, 40 hours');
  });

  it('Japanese: 【】 headings and ・ bullets', () => {
    const markdown = format(JAPANESE);
    expect(headingsOf(markdown)).toEqual(['【募集職種】', '【仕事内容】', '【応募資格】', '【給与】', '【勤務地】']);
    expect(markdown).toContain('- 決済システムのAPI設計・開発');
    expect(listSizesOf(markdown)).toEqual([3, 2]);
  });

  it('a social post: bold letters become headings or bold text, emoji bullets a list, hashtags stay text', () => {
    const markdown = format(SOCIAL_POST);
    expect(headingsOf(markdown)).toEqual(["What you'll do", "What we're looking for"]);
    expect(markdown).toContain("🚀 **We're hiring: Senior Data Scientist** (**Remote, EU**)");
    expect(markdown).toContain('- 👉 *Curiosity* and a sense of humour');
    expect(markdown).toContain('\\#hiring #datascience #remotejobs');
    expect(nodesOf(markdown, 'heading').some((heading) => heading.depth === 1)).toBe(false);
  });

  it('markdown stays markdown: headings, lists, emphasis, code and http links', () => {
    const markdown = format(MARKDOWN_PAGE);
    expect(headingsOf(markdown)).toEqual(['Staff Frontend Engineer', 'What you will do', 'What you bring']);
    expect(markdown).toContain('- Mentor engineers across *three* product teams');
    expect(markdown).toContain('3. Experience with `webpack` or `vite` build tooling');
    expect(nodesOf(markdown, 'link').map((link) => link.url)).toEqual(['https://jobs.example.com/staff-frontend']);
  });

  it('pasted HTML and a javascript: link come out as plain text', () => {
    const markdown = format(HOSTILE);
    expect(nodesOf(markdown, 'link')).toEqual([]);
    expect(markdown).toContain("\\<script>alert('xss')\\</script>");
    expect(markdown).toContain('\\*nix systems');
  });

  it('a long posting keeps its nested bullets and its numbered hiring steps', () => {
    const markdown = format(LONG_ENTERPRISE);
    expect(markdown).toContain('- Raise the bar for reliability:\n  - define service level objectives with each team');
    expect(markdown).toContain('1. A 30-minute call with a recruiter');
    expect(headingsOf(markdown)).toContain('COMPENSATION AND BENEFITS');
    expect(markdown).not.toMatch(/cookies|Share this job|Similar jobs/);
  });
});

describe('offline formatter: edge cases', () => {
  it('gives junk-only text back rather than nothing, and an empty text as empty', () => {
    expect(formatPosting('Apply now\nSave job')).toBe('Apply now\n\nSave job');
    expect(formatPosting('   \n\n ')).toBe('');
  });

  it('keeps a 50,000-character posting whole', () => {
    const big = Array.from({ length: 60 }, () => pasted(LONG_ENTERPRISE))
      .join('\n\n')
      .slice(0, 50_000);
    const lines = big.split('\n');
    const content = lines.slice(0, -1).join('\n');
    expect(renderedWords(formatPosting(content)).length).toBeGreaterThan(5_000);
  });
});

describe('offline formatter: page furniture and flattened lists (issue 19)', () => {
  const linkedIn = [
    'Senior Data Engineer',
    'Northwind Freight · Berlin, Germany (Hybrid)',
    '2 weeks ago · Over 100 applicants',
    ...LINKEDIN_FURNITURE,
    'About the job',
    'Responsibilities: design pipelines; own data models; work with the hiring team on interviews. Qualifications: 5+ years of data engineering; strong SQL; fluent English.',
  ].join('\n');

  it("drops LinkedIn's furniture, puts the header's facts in one meta line and turns the flattened sections into headings and bullets", () => {
    expect(formatPosting(linkedIn)).toBe(
      [
        '## Senior Data Engineer',
        'Northwind Freight · Berlin, Germany (Hybrid) · 2 weeks ago · Over 100 applicants',
        '## About the job',
        '## Responsibilities',
        '- design pipelines\n- own data models\n- work with the hiring team on interviews.',
        '## Qualifications',
        '- 5+ years of data engineering\n- strong SQL\n- fluent English.',
      ].join('\n\n'),
    );
  });

  it('keeps every word of the posting in order (and only those)', () => {
    const content = linkedIn
      .split('\n')
      .filter((line) => !/^(?:Show match details|Set alert for similar jobs|Meet the hiring team|Jana K\.|Message)/.test(line))
      .join('\n');
    const markdown = formatPosting(linkedIn);
    expect(postingWordsLost(markdown, content)).toEqual([]);
    expect(renderedWords(markdown)).toEqual(comparableWords(content));
  });

  it('the words-in-order check names the words a formatting lost', () => {
    expect(postingWordsLost('## Responsibilities\n\n- design pipelines', 'Responsibilities: design data pipelines')).toEqual(['data']);
    expect(postingWordsLost('pipelines design', 'design pipelines')).toEqual(['pipelines']);
  });

  it("keeps a recruiter e-mail's subject and signature, drops its headers and disclaimer, and does not list the signature", () => {
    const markdown = formatPosting(
      [
        'From: Jana Kowalski <jana@talentbridge.io>',
        'Sent: Tuesday, 3 June 2025 10:14',
        'To: Alex Moreau <alex@example.com>',
        'Subject: Senior Data Engineer – Berlin',
        '',
        'Key responsibilities: designing pipelines on GCP; modelling data for routing; mentoring two engineers.',
        '',
        'Best regards,',
        'Jana Kowalski',
        'Senior Talent Partner | TalentBridge',
        '',
        'This e-mail and any attachments are confidential and intended solely for the addressee.',
        'Unsubscribe',
      ].join('\n'),
    );
    expect(markdown).not.toMatch(/From|Sent|Tuesday|confidential|Unsubscribe/);
    expect(markdown).toContain('**Subject:** Senior Data Engineer – Berlin');
    expect(listItemsOf(markdown)).toEqual(['designing pipelines on GCP', 'modelling data for routing', 'mentoring two engineers.']);
    expect(markdown).toContain('Best regards, Jana Kowalski\\\nSenior Talent Partner | TalentBridge');
  });
});
