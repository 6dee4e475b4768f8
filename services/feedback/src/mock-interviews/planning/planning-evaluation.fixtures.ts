/**
 * The planning evaluation set (issue 23): eleven job descriptions' requirement lines as postings write
 * them (labels, fragments, years, degrees, long sentences), a résumé for each and the person's saved
 * stories as the search service would find them. `right` names, per source key, the story that truly
 * fits a question from that source; a key not named has no fitting story (the near-misses and
 * distractors must not be offered for it).
 */
import type { MatchedStory } from '@story/proto/resume-subjects';

export interface PlanningCase {
  name: string;
  companyName: string;
  jobTitle: string;
  targetRole: string | null;
  count: number;
  requirements: string[];
  /** The résumé's bullets of one or two roles: [title, company, bullets]. */
  resume: [string, string, string[]][];
  stories: MatchedStory[];
  /** Source key (`line:<n>` or `resume:<role>-<n>`) → the story that fits it. */
  right: Record<string, number>;
  /** Source keys without a right story for which these stories may still be offered as workable (same field, part of the ask). */
  acceptable?: Record<string, number[]>;
}

const story = (storyId: number, relevance: number, content: string): MatchedStory => ({ storyId, threadId: storyId + 500, content, relevance });

export const PLANNING_CASES: PlanningCase[] = [
  {
    name: 'backend engineering',
    companyName: 'ShopCo',
    jobTitle: 'Senior Backend Engineer',
    targetRole: null,
    count: 8,
    requirements: [
      '5+ years of experience with Python and SQL',
      'Experience leading cross-functional teams',
      'Strong communication skills.',
      "Bachelor's degree in CS or equivalent",
      '- Experience running services on Kubernetes in production (EKS, GKE)',
      'Nice to have: Terraform',
      'Ability to mentor junior engineers',
    ],
    resume: [
      [
        'Backend Engineer',
        'Parcelly',
        [
          'Cut checkout latency by 40% by rewriting the cart service',
          'Migrated the billing service to Kubernetes with zero downtime, leading a team of 5 across product, QA and support',
          'Worked on various internal tools',
        ],
      ],
      ['Software Engineer', 'Tally', ['Wrote SQL reports for the finance team', 'Mentored 3 interns through their first releases']],
    ],
    stories: [
      story(
        1,
        0.82,
        'At Parcelly the billing service ran on two old VMs and went down every month. I led the migration to Kubernetes with a cross-functional team from product, QA and support: I wrote the rollout plan, ran a weekly check-in and moved traffic over in stages. We had zero downtime during the move and incidents fell from 4 a month to none.',
      ),
      story(
        2,
        0.74,
        'Checkout was slow, about 2 seconds for the cart. I profiled it in Python, found the SQL queries that ran once per item and rewrote the cart service to batch them. Checkout latency dropped by 40%.',
      ),
      story(3, 0.55, 'I organised the office move to the new building and got everyone settled in two days.'),
      story(
        4,
        0.6,
        'One intern was stuck on her first release. I mentored her through code review, paired with her twice a week, and she shipped her first release three weeks later.',
      ),
    ],
    right: { 'line:0': 2, 'line:1': 1, 'line:4': 1, 'line:6': 4, 'resume:parcelly-0': 2, 'resume:parcelly-1': 1, 'resume:tally-1': 4 },
  },
  {
    name: 'nursing',
    companyName: 'St Mary’s Hospital',
    jobTitle: 'Registered Nurse, Acute Medical Unit',
    targetRole: 'Charge Nurse',
    count: 6,
    requirements: [
      'Current RN license in the state of Ohio',
      '2+ years acute care nursing experience',
      'BLS and ACLS certification required',
      'Ability to prioritise care for 6-8 patients under pressure',
      'Excellent communication with patients, families and the multidisciplinary team',
      'Experience precepting new graduate nurses',
      'Must be willing to work nights and weekends',
    ],
    resume: [
      [
        'Staff Nurse',
        'Riverside General',
        [
          'Reduced medication errors on a 28-bed ward by 60% by introducing a double-check at the evening round',
          'Precepted 6 new graduate nurses through their first 12 weeks',
          'Cared for post-surgical patients',
        ],
      ],
    ],
    stories: [
      story(
        11,
        0.78,
        'We had too many medication errors on the evening round. I introduced a double-check with a second nurse for high-risk drugs, trained the team, and medication errors fell by 60% in three months.',
      ),
      story(
        12,
        0.7,
        'A new graduate nurse I was precepting froze during a deteriorating patient. I talked her through the escalation, then we debriefed; by week 12 she was running her own bay of 4 patients.',
      ),
      story(
        13,
        0.66,
        'One night shift I had 8 patients and two became unwell at once. I prioritised the patient with falling blood pressure, called the doctor, and asked a colleague to cover my other bay. Both patients were stable within an hour.',
      ),
      story(14, 0.5, 'I ran a bake sale for the ward charity and we raised £300.'),
    ],
    right: { 'line:3': 13, 'line:5': 12, 'resume:riverside-0': 11, 'resume:riverside-1': 12 },
    // Every ward story is acute care nursing; none is the obvious one.
    acceptable: { 'line:1': [11, 12, 13] },
  },
  {
    name: 'sales',
    companyName: 'Brightline',
    jobTitle: 'Account Executive',
    targetRole: null,
    count: 6,
    requirements: [
      '3+ yrs B2B SaaS sales experience',
      'Proven track record of exceeding quota',
      'Experience with Salesforce',
      'Comfortable negotiating with C-level buyers:',
      'Self-starter',
      'Travel up to 25%',
    ],
    resume: [
      [
        'Account Executive',
        'Ledgerly',
        ['Closed $1.2M in new ARR in 2023, 130% of quota', 'Negotiated a three-year contract with a Fortune 500 CFO', 'Kept Salesforce pipeline up to date'],
      ],
    ],
    stories: [
      story(
        21,
        0.8,
        'In 2023 I was behind on quota in Q2. I rebuilt my pipeline, focused on mid-market finance teams and ran weekly demos. I closed $1.2M in new ARR and finished at 130% of quota.',
      ),
      story(
        22,
        0.72,
        'The CFO of a Fortune 500 retailer wanted a 40% discount. I negotiated with him over three calls, traded the discount for a three-year term, and we signed at 12% off.',
      ),
      story(23, 0.45, 'I coach my daughter’s football team on Saturdays; we won the league last year.'),
    ],
    right: { 'line:1': 21, 'line:3': 22, 'resume:ledgerly-0': 21, 'resume:ledgerly-1': 22 },
  },
  {
    name: 'teaching',
    companyName: 'Oakfield Academy',
    jobTitle: 'Secondary Maths Teacher',
    targetRole: null,
    count: 5,
    requirements: [
      'Qualified Teacher Status (QTS)',
      'Experience teaching maths to KS3 and KS4',
      'Ability to differentiate lessons for mixed-ability classes',
      'Commitment to safeguarding',
      'Strong behaviour management',
    ],
    resume: [
      [
        'Maths Teacher',
        'Hillside School',
        [
          'Raised the GCSE maths pass rate from 58% to 74% in two years',
          'Led the department’s move to mastery-style lesson plans',
          'Ran a lunchtime maths club',
          'Differentiated every lesson for mixed-ability Year 10 and 11 sets',
        ],
      ],
    ],
    stories: [
      story(
        31,
        0.75,
        'My Year 10 set was mixed-ability: some were at grade 2, some at grade 7. I differentiated each lesson into three tiers of tasks and used exit tickets; by the mock exams every student had moved up at least one grade.',
      ),
      story(
        32,
        0.7,
        'When I arrived the GCSE maths pass rate was 58%. I introduced weekly retrieval quizzes and after-school revision for borderline students, and two years later the pass rate was 74%.',
      ),
      story(33, 0.6, 'I organised the school trip to the science museum for 60 students.'),
    ],
    right: { 'line:2': 31, 'resume:hillside-0': 32, 'resume:hillside-3': 31 },
  },
  {
    name: 'data analysis',
    companyName: 'Northwind Analytics',
    jobTitle: 'Data Analyst',
    targetRole: null,
    count: 6,
    requirements: [
      'Proficiency in SQL and Python (pandas)',
      'Experience building dashboards in Tableau or Looker',
      'Strong analytical and problem-solving skills',
      'Ability to explain complex findings to non-technical stakeholders',
      "Master's degree in Statistics preferred",
      'Experience designing and analysing A/B tests, including power calculations, guardrail metrics and sequential testing, ideally in a consumer subscription business with millions of users',
    ],
    resume: [
      [
        'Data Analyst',
        'Streamly',
        [
          'Built a churn dashboard in Looker used by 40 managers every week',
          'Designed and analysed 25 A/B tests on the signup flow, lifting conversion by 8%',
          'Cleaned data',
        ],
      ],
    ],
    stories: [
      story(
        41,
        0.77,
        'I designed an A/B test on the signup flow. I ran the power calculation, set a guardrail on refunds, and analysed the results with the product team; the new flow lifted conversion by 8%.',
      ),
      story(
        42,
        0.7,
        'Managers kept asking why customers churned. I built a Looker dashboard from our SQL warehouse with churn by plan and tenure; 40 managers now use it weekly.',
      ),
      story(
        43,
        0.65,
        'I had to explain a drop in retention to the marketing director, who was not technical. I drew one chart, explained the cohort effect in plain words, and she changed the campaign budget the same week.',
      ),
      story(44, 0.5, 'I learned Spanish on Duolingo for 300 days in a row.'),
    ],
    right: { 'line:1': 42, 'line:3': 43, 'line:5': 41, 'resume:streamly-0': 42, 'resume:streamly-1': 41 },
    // The dashboard story is built on SQL: workable for "Proficiency in SQL and Python", though it shows no Python.
    acceptable: { 'line:0': [42] },
  },
  {
    name: 'product design',
    companyName: 'Fable',
    jobTitle: 'Product Designer',
    targetRole: 'Senior Product Designer',
    count: 6,
    requirements: [
      'Portfolio demonstrating end-to-end product design',
      'Expert in Figma',
      'Experience running user research and usability testing',
      'Collaborate closely with engineers and PMs',
      'A keen eye for visual detail',
      'Based in London (hybrid, 2 days in office)',
    ],
    resume: [
      [
        'Product Designer',
        'Wayfarer',
        [
          'Redesigned onboarding, cutting drop-off from 45% to 20%',
          'Ran 30 usability tests with travellers across 4 countries',
          'Built the Figma design system used by 12 designers',
        ],
      ],
    ],
    stories: [
      story(
        51,
        0.79,
        'Our onboarding lost almost half of new users. I ran usability testing with 8 travellers, saw they got stuck on the permissions screen, redesigned the flow with the engineers, and drop-off fell from 45% to 20%.',
      ),
      story(
        52,
        0.6,
        'I built a Figma design system with tokens and 60 components; it is now used by 12 designers and cut handoff questions from engineers by half.',
      ),
      story(53, 0.55, 'I painted a mural for a local café over a weekend.'),
    ],
    right: { 'line:1': 52, 'line:2': 51, 'resume:wayfarer-0': 51, 'resume:wayfarer-1': 51, 'resume:wayfarer-2': 52 },
  },
  {
    name: 'warehouse operations',
    companyName: 'QuickShip Logistics',
    jobTitle: 'Operations Manager',
    targetRole: null,
    count: 7,
    requirements: [
      '5-7 years of operations management in a warehouse or distribution centre',
      'Lean / Six Sigma (Green Belt a plus)',
      'Experience managing a team of 30+ associates across shifts',
      'Strong knowledge of WMS systems',
      'Proven ability to reduce costs while improving safety',
      'Forklift certification',
      'Flexible to work weekends during peak season',
    ],
    resume: [
      [
        'Shift Manager',
        'Depot One',
        [
          'Managed 35 associates across two shifts',
          'Redesigned picking routes, cutting average pick time by 22%',
          'Cut recordable safety incidents from 9 to 2 a year',
          'Trained staff on the new WMS',
        ],
      ],
    ],
    stories: [
      story(
        61,
        0.76,
        'Pickers were walking the whole warehouse for each order. I analysed a month of pick data, grouped fast-moving SKUs near packing, and redesigned the picking routes; average pick time dropped 22% and we saved about £80k a year in labour costs.',
      ),
      story(
        62,
        0.7,
        'We had 9 recordable safety incidents a year, mostly near the loading bays. I introduced one-way forklift lanes and a daily safety huddle; the next year we had 2.',
      ),
      story(
        63,
        0.68,
        'I managed 35 associates across two shifts after a reorganisation. I set up a handover board between shifts and one-to-ones every fortnight; absence fell from 8% to 4%.',
      ),
      story(64, 0.52, 'I volunteer at a food bank sorting donations on Sundays.'),
    ],
    right: { 'line:2': 63, 'resume:depot-0': 63, 'resume:depot-1': 61, 'resume:depot-2': 62 },
    // Costs and safety together: the picking story has the costs, the forklift story the safety; neither is the whole answer.
    acceptable: { 'line:4': [61, 62] },
  },
  {
    name: 'marketing',
    companyName: 'Greenleaf',
    jobTitle: 'Content Marketing Manager',
    targetRole: null,
    count: 6,
    requirements: [
      'Experience growing organic traffic through SEO',
      'Excellent writing and editing skills',
      'Data-driven: comfortable with Google Analytics',
      'Managing freelance writers and an editorial calendar',
      'Experience with HubSpot email campaigns',
    ],
    resume: [
      [
        'Content Lead',
        'Plantbox',
        ['Grew organic traffic from 20k to 150k monthly visits in 18 months', 'Managed a pool of 8 freelance writers', 'Wrote the brand style guide'],
      ],
    ],
    stories: [
      story(
        71,
        0.8,
        'Our blog had 20k monthly visits. I did keyword research, rewrote our top 50 posts for SEO and started a weekly publishing plan; in 18 months organic traffic grew to 150k monthly visits.',
      ),
      story(
        72,
        0.62,
        'I managed 8 freelance writers with an editorial calendar in Notion. When deadlines slipped I set up a brief template and two review rounds, and on-time delivery went from 60% to 95%.',
      ),
      story(73, 0.55, 'Our email open rates were low, so we tried a new subject line tool.'),
    ],
    right: { 'line:0': 71, 'line:3': 72, 'resume:plantbox-0': 71, 'resume:plantbox-1': 72 },
  },
  {
    name: 'customer support',
    companyName: 'Helpwise',
    jobTitle: 'Customer Support Team Lead',
    targetRole: null,
    count: 5,
    requirements: [
      '2+ years in a customer support role, 1 in a lead position',
      'Experience with Zendesk or Intercom',
      'Calm under pressure when handling escalations',
      'Track record of improving CSAT and first response time',
      'Fluent English; Spanish is a plus',
    ],
    resume: [],
    stories: [
      story(
        81,
        0.74,
        'An enterprise customer escalated after a billing outage and threatened to leave. I called them within the hour, stayed calm, explained the fix and offered a credit; they renewed two months later.',
      ),
      story(
        82,
        0.7,
        'Our first response time was 9 hours. I set up Zendesk triggers, a triage rota and macros for the top 20 questions; first response time fell to 2 hours and CSAT rose from 82% to 91%.',
      ),
      story(83, 0.45, 'I went to a conference about customer experience in Lisbon.'),
    ],
    right: { 'line:1': 82, 'line:2': 81, 'line:3': 82 },
    // An escalation handled is support work: workable for "2+ years in a customer support role", though it shows no years.
    acceptable: { 'line:0': [81, 82] },
  },
  {
    name: 'finance',
    companyName: 'Arden Capital',
    jobTitle: 'Financial Analyst',
    targetRole: 'FP&A Analyst',
    count: 6,
    requirements: [
      'CPA or CFA (or progress towards)',
      'Advanced Excel: pivot tables, INDEX/MATCH, VBA',
      'Experience with month-end close and reconciliations',
      'Building financial models for budgeting and forecasting',
      'Strong attention to detail.',
      'Partner with department heads on budget variances',
    ],
    resume: [
      [
        'Junior Accountant',
        'Mercer & Co',
        [
          'Shortened month-end close from 8 to 5 days by automating reconciliations in Excel',
          'Built the 3-year forecast model used in the board pack',
          'Prepared journals',
        ],
      ],
    ],
    stories: [
      story(
        91,
        0.78,
        'Our month-end close took 8 days because reconciliations were done by hand. I automated the bank reconciliations in Excel with INDEX/MATCH and a VBA macro, and the close came down to 5 days.',
      ),
      story(
        92,
        0.7,
        'I built the 3-year forecast model for the board pack, with driver-based budgeting by department. The CFO used it to cut the hiring plan by 6 roles when sales slowed.',
      ),
      story(
        93,
        0.62,
        'I spotted a duplicate supplier payment of $14,000 during a review because the invoice numbers differed by one character. We recovered it within the week.',
      ),
      story(94, 0.5, 'I ran the office fantasy football league with 20 players.'),
    ],
    right: { 'line:1': 91, 'line:2': 91, 'line:3': 92, 'line:4': 93, 'resume:mercer-0': 91, 'resume:mercer-1': 92 },
    // Budgeting by department with the CFO is part of working budgets with department heads.
    acceptable: { 'line:5': [92] },
  },
  {
    name: 'product management',
    companyName: 'Orbit',
    jobTitle: 'Product Manager',
    targetRole: null,
    count: 8,
    requirements: [
      'Requirements:',
      '4+ years of product management experience',
      'Experience shipping B2C mobile apps',
      'Ability to prioritise a roadmap with competing stakeholders',
      'Strong communication skills',
      'Comfortable writing SQL to answer your own questions',
      'Experience with experimentation',
      'Strong communication skills',
    ],
    resume: [
      [
        'Product Manager',
        'Fitloop',
        [
          'Launched the iOS and Android app, reaching 200k downloads in 6 months',
          'Prioritised the roadmap across sales, support and engineering, using a scoring model everyone agreed on',
          'Ran weekly user interviews',
        ],
      ],
      ['Associate PM', 'Bookwise', ['Wrote SQL to track activation, finding a drop that we fixed for a 15% lift']],
    ],
    stories: [
      story(
        101,
        0.75,
        'Sales, support and engineering each wanted their features first. I built a scoring model with them, prioritised the roadmap in one workshop, and we shipped the top 3 items that quarter with no escalations.',
      ),
      story(
        102,
        0.73,
        'I launched the Fitloop mobile app on iOS and Android. I ran the beta with 500 users, cut the onboarding to 3 screens, and we reached 200k downloads in 6 months.',
      ),
      story(
        103,
        0.6,
        'I wrote SQL against our events table to see where activation dropped, found the email verification step losing users, and after we fixed it activation rose 15%.',
      ),
      story(104, 0.5, 'I read a book about product strategy every month.'),
    ],
    right: { 'line:2': 102, 'line:3': 101, 'line:5': 103, 'resume:fitloop-0': 102, 'resume:fitloop-1': 101, 'resume:bookwise-0': 103 },
  },
];
