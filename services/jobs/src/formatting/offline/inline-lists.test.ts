import { describe, expect, it } from 'vitest';
import { formatPosting } from './offline-formatter.ts';
import { comparableWords, headingsOf, listItemsOf, postingWordsLost, renderedWords } from './rendered-words.ts';

/** The formatted text, after checking that it renders exactly the pasted words, in order. */
function formatKeepingWords(text: string): string {
  const markdown = formatPosting(text);
  expect(postingWordsLost(markdown, text)).toEqual([]);
  expect(renderedWords(markdown)).toEqual(comparableWords(text));
  return markdown;
}

describe('flattened postings: inline sections and lists', () => {
  it('the issue\'s example: "Responsibilities: a; b; c. Qualifications: …" becomes headings and bullets, word for word', () => {
    const markdown = formatKeepingWords('Responsibilities: a; b; c. Qualifications: x; y; z.');
    expect(markdown).toBe('## Responsibilities\n\n- a\n- b\n- c.\n\n## Qualifications\n\n- x\n- y\n- z.');
  });

  it('splits a paragraph of sections with semicolon lists, keeping the prose before them', () => {
    const markdown = formatKeepingWords(
      "Northwind Freight moves 40,000 pallets a day. Responsibilities: build and run pipelines in Python and Spark; own the data models behind routing; work with the hiring team's product managers. Qualifications: 5+ years of data engineering; strong SQL and Python; fluent English (German is a plus; Dutch too).",
    );
    expect(headingsOf(markdown)).toEqual(['Responsibilities', 'Qualifications']);
    expect(listItemsOf(markdown)).toEqual([
      'build and run pipelines in Python and Spark',
      'own the data models behind routing',
      "work with the hiring team's product managers.",
      '5+ years of data engineering',
      'strong SQL and Python',
      'fluent English (German is a plus; Dutch too).',
    ]);
    expect(markdown.startsWith('Northwind Freight moves 40,000 pallets a day.\n\n## Responsibilities')).toBe(true);
  });

  it('reads inline bullets, with section names before them with or without a colon', () => {
    const markdown = formatKeepingWords(
      "What you'll be doing • Design and build APIs • Own services end to end What we're looking for • 4+ years with Python • You write clear design docs Benefits • 25 days holiday • Private healthcare",
    );
    expect(headingsOf(markdown)).toEqual(["What you'll be doing", "What we're looking for", 'Benefits']);
    expect(listItemsOf(markdown)).toEqual([
      'Design and build APIs',
      'Own services end to end',
      '4+ years with Python',
      'You write clear design docs',
      '25 days holiday',
      'Private healthcare',
    ]);
  });

  it('reads inline dashes, inline numbers, a lead-in colon and capitalised section names', () => {
    const dashes = formatKeepingWords(
      'Harbor Outfitters is an outdoor store. Duties: - Greet customers - Run the register - Keep the fitting rooms tidy Requirements: - Weekend availability - Must be 18 or older',
    );
    expect(headingsOf(dashes)).toEqual(['Duties', 'Requirements']);
    expect(listItemsOf(dashes)).toEqual(['Greet customers', 'Run the register', 'Keep the fitting rooms tidy', 'Weekend availability', 'Must be 18 or older']);
    const numbers = formatKeepingWords(
      'Responsibilities: 1) Build dashboards for 14 hospitals 2) Validate data 3) Present findings. Qualifications: 1) A degree in statistics 2) 2+ years with SQL',
    );
    expect(numbers).toContain('1. Build dashboards for 14 hospitals\n2. Validate data\n3. Present findings.');
    expect(numbers).toContain('## Qualifications\n\n1. A degree in statistics\n2. 2+ years with SQL');
    const leadIn = formatKeepingWords(
      'As Store Manager you will lead a team of 25. Your day-to-day: - open and close the store - plan rotas - coach supervisors',
    );
    expect(headingsOf(leadIn)).toEqual(['Your day-to-day']);
    expect(listItemsOf(leadIn)).toEqual(['open and close the store', 'plan rotas', 'coach supervisors']);
    const capitals = formatKeepingWords(
      'ABOUT US We sell outdoor gear across Europe. RESPONSIBILITIES Build dashboards; analyse campaigns weekly; support A/B tests. REQUIREMENTS 2+ years as an analyst; solid SQL; German and English.',
    );
    expect(headingsOf(capitals)).toEqual(['ABOUT US', 'RESPONSIBILITIES', 'REQUIREMENTS']);
    expect(listItemsOf(capitals)).toHaveLength(6);
  });

  it('makes short sentences under a duties section items, and prose stays prose', () => {
    const markdown = formatKeepingWords(
      "What you'll do: Design grippers for new items. Build prototypes in our shop. Work with the controls team. Travel to customer sites a few times a year.",
    );
    expect(listItemsOf(markdown)).toHaveLength(4);
    const prose = 'About the role: We are hiring our first designer. You will shape the product. You will report to the CEO.';
    expect(listItemsOf(formatKeepingWords(prose))).toEqual([]);
  });

  it('leaves lines that only look flattened alone', () => {
    for (const line of [
      'Salary: €85,000 – €105,000 per year + stock options',
      'Fluent English; German is a plus; Dutch is a bonus',
      '$140k – $170k • 0.1% – 0.5% · Remote • United States · Visa sponsorship',
      'Python • SQL • dbt • Airflow • Kubernetes • Terraform • GCP • AWS • Docker • Git • Linux • Bash',
      'We offer: a competitive salary, 30 days of holiday, and a great team.',
    ]) {
      const markdown = formatKeepingWords(line);
      expect(listItemsOf(markdown), line).toEqual([]);
      expect(headingsOf(markdown), line).toEqual([]);
    }
  });

  it('takes a lead-in as a whole, never a section name out of it ("Competitive Salary", not "Salary")', () => {
    const markdown = formatKeepingWords('Competitive Salary: €50,000; a yearly bonus; equity');
    expect(headingsOf(markdown)).toEqual(['Competitive Salary']);
    expect(listItemsOf(markdown)).toEqual(['€50,000', 'a yearly bonus', 'equity']);
  });

  it('splits a list item that carries more items behind inline bullets', () => {
    expect(formatKeepingWords('Skills\n• SQL • Python • dbt')).toBe('## Skills\n\n- SQL\n- Python\n- dbt');
  });
});
