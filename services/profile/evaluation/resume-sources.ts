/**
 * The evaluation set's résumés (issue 22) as data: the generator (`make-resumes.ts`) renders each in
 * its own layout and format and writes its `<id>.expected.json` from the same data. The first ten
 * were used while tuning the parser; the four in `resume-sources.held-out.ts` were not.
 */

/** One job as the person wrote it, with its dates read by hand. */
export interface SourceRole {
  title: string;
  company: string;
  location?: string;
  dates: string;
  start: string | null;
  end: string | null;
  bullets: string[];
}

/** One résumé: its words, and how it is laid out. */
export interface SourceResume {
  id: string;
  layout: string;
  name: string;
  headline?: string;
  contact: string[];
  summary?: string;
  roles: SourceRole[];
  education: { school: string; degree: string; dates: string; details?: string[] }[];
  skills: { label?: string; items: string[] }[];
  extras?: { heading: string; lines: string[] }[];
}

export const TUNING_RESUMES: SourceResume[] = [
  {
    id: 'software-engineer-classic',
    layout: 'pdf-classic',
    name: 'Daniel Okafor',
    headline: 'Senior Backend Engineer',
    contact: ['daniel.okafor@example.com', '+1 (512) 555-0147', 'Austin, TX', 'github.com/dokafor'],
    summary: 'Backend engineer with nine years of experience building payment and ledger systems in Go and Python.',
    roles: [
      {
        title: 'Senior Software Engineer',
        company: 'Ledgerline Inc.',
        location: 'Austin, TX',
        dates: 'Jan 2020 – Present',
        start: '2020-01',
        end: null,
        bullets: [
          'Led the migration of the ledger service from a Python monolith to Go services, cutting p99 latency from 840 ms to 190 ms.',
          'Designed an idempotent payout pipeline that processes 2.3 million transfers a day with zero duplicate payments since launch.',
          'Mentored six engineers through their first on-call rotations and wrote the runbooks the team still uses.',
        ],
      },
      {
        title: 'Software Engineer',
        company: 'Brightcart',
        location: 'Dallas, TX',
        dates: 'June 2016 – Dec 2019',
        start: '2016-06',
        end: '2019-12',
        bullets: [
          'Built the invoicing API used by 3,000 merchants, with contract tests that caught 40 breaking changes before release.',
          'Reduced monthly cloud spend by 28% by moving batch jobs to spot instances.',
        ],
      },
      {
        title: 'Junior Developer',
        company: 'Tessera Labs',
        dates: '2015 – 2016',
        start: '2015',
        end: '2016',
        bullets: ['Maintained the customer portal in Django and fixed 120 reported bugs in one year.'],
      },
    ],
    education: [{ school: 'University of Texas at Austin', degree: 'B.S. Computer Science', dates: '2011 – 2015' }],
    skills: [
      { label: 'Languages', items: ['Go', 'Python', 'TypeScript', 'SQL'] },
      { label: 'Infrastructure', items: ['Kubernetes', 'Terraform', 'PostgreSQL', 'Kafka'] },
    ],
    extras: [{ heading: 'Certifications', lines: ['AWS Certified Solutions Architect – Associate (2021)'] }],
  },
  {
    id: 'graphic-designer-sidebar',
    layout: 'pdf-sidebar-left',
    name: 'Sofia Marchetti',
    headline: 'Graphic & Brand Designer',
    contact: ['sofia@marchetti.design', '+44 7700 900312', 'Manchester, UK', 'behance.net/sofiamarchetti'],
    summary: 'Brand designer who turns messy briefs into identities that survive real use, from packaging to motion.',
    roles: [
      {
        title: 'Senior Graphic Designer',
        company: 'Northbound Studio',
        location: 'Manchester, UK',
        dates: 'Mar 2021 – Present',
        start: '2021-03',
        end: null,
        bullets: [
          'Led rebrands for 14 clients, including a regional bakery chain whose packaging refresh lifted shelf sales by 18%.',
          'Built a shared Figma library of 400 components that halved the time to produce campaign assets.',
          'Art-directed photo shoots and briefed three freelance illustrators per quarter.',
        ],
      },
      {
        title: 'Graphic Designer',
        company: 'Pillar & Post Agency',
        location: 'Leeds, UK',
        dates: 'Sept 2017 – Feb 2021',
        start: '2017-09',
        end: '2021-02',
        bullets: [
          'Designed print and social campaigns for retail clients with budgets up to £250k.',
          'Introduced a proofing checklist that cut print reruns from nine a year to one.',
        ],
      },
      {
        title: 'Junior Designer',
        company: 'Fold Print Co',
        dates: '2016 – 2017',
        start: '2016',
        end: '2017',
        bullets: ['Prepared artwork files for press and managed colour proofs with the print floor.'],
      },
    ],
    education: [{ school: 'Manchester School of Art', degree: 'BA (Hons) Graphic Design', dates: '2013 – 2016' }],
    skills: [{ items: ['Adobe Illustrator', 'InDesign', 'Photoshop', 'Figma', 'After Effects', 'Typography', 'Art direction', 'Packaging'] }],
    extras: [{ heading: 'Languages', lines: ['English (native)', 'Italian (fluent)'] }],
  },
  {
    id: 'executive-two-page',
    layout: 'pdf-sidebar-right',
    name: 'Margaret Ellison-Hart',
    headline: 'Chief Operating Officer',
    contact: ['m.ellisonhart@example.com', '(617) 555-0199', 'Boston, MA', 'linkedin.com/in/mellisonhart'],
    summary:
      'Operating executive with 20 years in healthcare services. Scaled organisations from 200 to 3,000 people, led two acquisitions and built operating reviews that boards trust.',
    roles: [
      {
        title: 'Chief Operating Officer',
        company: 'Harborview Health Partners',
        location: 'Boston, MA',
        dates: 'Feb 2019 – Present',
        start: '2019-02',
        end: null,
        bullets: [
          'Run operations for 42 outpatient clinics with 3,100 staff and an annual budget of $410 million.',
          'Led the integration of two acquired clinic groups, retaining 94% of clinicians through the first year.',
          'Cut average appointment wait times from 19 days to 8 by redesigning scheduling across all sites.',
          'Built a monthly operating review with 12 metrics that the board adopted as its standard report.',
          'Negotiated payer contracts that raised reimbursement rates by 6% over three years.',
        ],
      },
      {
        title: 'Senior Vice President, Operations',
        company: 'Meridian Care Group',
        location: 'Hartford, CT',
        dates: 'Jan 2014 – Jan 2019',
        start: '2014-01',
        end: '2019-01',
        bullets: [
          'Oversaw 18 urgent care centres and grew patient visits from 240,000 to 610,000 a year.',
          'Opened seven new centres on time and under budget, each profitable within 14 months.',
          'Introduced lean staffing models that reduced overtime costs by $3.2 million a year.',
          'Chaired the quality committee that brought patient satisfaction scores from the 41st to the 83rd percentile.',
        ],
      },
      {
        title: 'Vice President, Clinical Operations',
        company: 'Meridian Care Group',
        location: 'Hartford, CT',
        dates: 'Mar 2010 – Dec 2013',
        start: '2010-03',
        end: '2013-12',
        bullets: [
          'Managed clinical staffing, supply chain and facilities for 9 sites.',
          'Consolidated 30 suppliers into 6 contracts, saving $1.4 million in the first year.',
          'Launched a nurse residency programme that cut first-year turnover from 31% to 12%.',
        ],
      },
      {
        title: 'Director of Operations',
        company: 'Bayside Community Hospital',
        location: 'Providence, RI',
        dates: 'Aug 2006 – Feb 2010',
        start: '2006-08',
        end: '2010-02',
        bullets: [
          'Ran day-to-day operations of a 220-bed hospital, including admissions, environmental services and food service.',
          'Reduced emergency department boarding time by 35% through a new bed management process.',
          'Led the hospital through its Joint Commission survey with no findings requiring follow-up.',
        ],
      },
      {
        title: 'Operations Manager',
        company: 'Bayside Community Hospital',
        location: 'Providence, RI',
        dates: 'May 2003 – Jul 2006',
        start: '2003-05',
        end: '2006-07',
        bullets: [
          'Supervised 60 staff across patient transport, registration and central supply.',
          'Rolled out the hospital’s first electronic bed board, used by every unit within six months.',
        ],
      },
    ],
    education: [
      { school: 'Boston University', degree: 'MBA, Health Sector Management', dates: '2001 – 2003' },
      { school: 'University of Connecticut', degree: 'B.S. Nursing', dates: '1995 – 1999' },
    ],
    skills: [
      {
        items: [
          'Operational strategy',
          'Mergers & integration',
          'P&L ownership',
          'Payer negotiations',
          'Lean management',
          'Board reporting',
          'Clinical quality',
          'Change leadership',
        ],
      },
    ],
    extras: [
      { heading: 'Board Memberships', lines: ['Massachusetts Health Council, board member (2020 – present)', 'Boston Food Bank, treasurer (2016 – 2021)'] },
      { heading: 'Publications', lines: ['“Scheduling as a Clinical Intervention”, Healthcare Management Review, 2021'] },
    ],
  },
  {
    id: 'academic-cv-table',
    layout: 'pdf-table',
    name: 'Dr. Amara Nwosu',
    headline: 'Postdoctoral Researcher, Computational Ecology',
    contact: ['amara.nwosu@example.edu', 'orcid.org/0000-0002-1825-0097', 'Edinburgh, UK'],
    summary: 'Ecologist who builds population models from citizen-science data and teaches quantitative methods.',
    roles: [
      {
        title: 'Postdoctoral Research Fellow',
        company: 'University of Edinburgh',
        location: 'Edinburgh, UK',
        dates: '2022 – present',
        start: '2022',
        end: null,
        bullets: [
          'Built Bayesian occupancy models for 212 bird species from 1.8 million citizen-science records.',
          'Co-supervised four MSc dissertations, two of which became peer-reviewed papers.',
        ],
      },
      {
        title: 'Graduate Teaching Assistant',
        company: 'University of Cape Town',
        location: 'Cape Town, South Africa',
        dates: '2018 – 2022',
        start: '2018',
        end: '2022',
        bullets: [
          'Taught R and statistics labs for 160 second-year biology students each year.',
          'Redesigned the lab assessments, raising the pass rate from 71% to 88%.',
        ],
      },
      {
        title: 'Research Assistant',
        company: 'South African National Biodiversity Institute',
        dates: '2016 – 2018',
        start: '2016',
        end: '2018',
        bullets: ['Ran field surveys across 40 wetland sites and cleaned ten years of monitoring data.'],
      },
    ],
    education: [
      { school: 'University of Cape Town', degree: 'PhD Biological Sciences', dates: '2018 – 2022', details: ['Thesis: Occupancy dynamics of wetland birds'] },
      { school: 'University of Lagos', degree: 'BSc Zoology', dates: '2011 – 2015' },
    ],
    skills: [{ label: 'Methods', items: ['Bayesian statistics', 'R', 'Stan', 'Python', 'GIS', 'Field surveys'] }],
    extras: [
      {
        heading: 'Selected Publications',
        lines: ['Nwosu, A. & Botha, J. (2023). Wetland bird occupancy under drought. Journal of Applied Ecology, 60(4), 811–824.'],
      },
      { heading: 'Grants', lines: ['British Ecological Society Small Research Grant, £5,000 (2023)'] },
    ],
  },
  {
    id: 'sales-manager-compact',
    layout: 'pdf-compact',
    name: 'Carlos Mendoza',
    contact: ['carlos.mendoza@example.com', '(305) 555-0112', 'Miami, FL', 'linkedin.com/in/carlosmendoza'],
    summary: 'Sales leader who builds teams that beat quota without burning out.',
    roles: [
      {
        title: 'Regional Sales Manager',
        company: 'Coastline Beverage Co.',
        dates: '04/2019 – Present',
        start: '2019-04',
        end: null,
        bullets: [
          'Manage 11 account executives covering 1,400 retail accounts across South Florida.',
          'Grew regional revenue from $18M to $31M in four years.',
          'Launched a weekly pipeline review that raised forecast accuracy to 92%.',
        ],
      },
      {
        title: 'Account Executive',
        company: 'Coastline Beverage Co.',
        dates: '01/2016 – 03/2019',
        start: '2016-01',
        end: '2019-03',
        bullets: ['Closed 64 new grocery accounts and ranked first of 30 reps in 2018.', 'Negotiated shelf placement deals worth $2.4M a year.'],
      },
      {
        title: 'Sales Representative',
        company: 'Sunshine Office Supply',
        dates: '06/2013 – 12/2015',
        start: '2013-06',
        end: '2015-12',
        bullets: ['Sold office furniture and supplies to 200 small businesses.'],
      },
    ],
    education: [{ school: 'Florida International University', degree: 'B.B.A. Marketing', dates: '2009 – 2013' }],
    skills: [{ items: ['Salesforce', 'Territory planning', 'Negotiation', 'Coaching', 'Forecasting', 'Spanish'] }],
  },
  {
    id: 'nurse-docx-bullets',
    layout: 'docx-bullets',
    name: 'Grace Whitfield',
    headline: 'Registered Nurse, BSN',
    contact: ['grace.whitfield@example.com', '(602) 555-0178', 'Phoenix, AZ'],
    summary: 'ICU nurse with seven years of critical care experience and a calm head in codes.',
    roles: [
      {
        title: 'Registered Nurse, Intensive Care Unit',
        company: 'Banner Desert Medical Center',
        location: 'Mesa, AZ',
        dates: 'Mar 2019 – Present',
        start: '2019-03',
        end: null,
        bullets: [
          'Care for two critically ill patients per shift in a 36-bed medical ICU, including ventilated and CRRT patients.',
          'Precept new graduate nurses; eight of nine preceptees stayed on the unit past their first year.',
          'Led the unit’s CAUTI reduction project, bringing infections from 11 to 2 a year.',
        ],
      },
      {
        title: 'Staff Nurse',
        company: 'St. Joseph’s Hospital',
        location: 'Phoenix, AZ',
        dates: 'June 2016 – Feb 2019',
        start: '2016-06',
        end: '2019-02',
        bullets: [
          'Cared for five to six patients per shift on a telemetry unit.',
          'Trained 40 colleagues on the new electronic medication administration record.',
        ],
      },
    ],
    education: [{ school: 'Arizona State University', degree: 'Bachelor of Science in Nursing', dates: '2012 – 2016' }],
    skills: [{ items: ['Critical care', 'Ventilator management', 'CRRT', 'ACLS', 'Epic', 'Patient education'] }],
    extras: [{ heading: 'Licenses & Certifications', lines: ['RN License, Arizona #RN214587', 'CCRN, AACN (2021)', 'BLS and ACLS, current'] }],
  },
  {
    id: 'teacher-docx-numbered',
    layout: 'docx-numbered',
    name: 'Thomas Brennan',
    contact: ['tbrennan.teach@example.com', '087 555 0134', 'Cork, Ireland'],
    summary: 'Secondary school maths teacher who makes algebra feel winnable for students who had given up on it.',
    roles: [
      {
        title: 'Mathematics Teacher',
        company: 'Coláiste Chríost Rí',
        location: 'Cork, Ireland',
        dates: 'September 2018 – Present',
        start: '2018-09',
        end: null,
        bullets: [
          'Teach Junior and Leaving Certificate maths to five classes of 28 students.',
          'Raised the share of students taking Higher Level maths from 34% to 52% in four years.',
          'Run the after-school maths clinic twice a week for 30 students.',
        ],
      },
      {
        title: 'Substitute Teacher',
        company: 'Cork Education and Training Board',
        location: 'Cork, Ireland',
        dates: 'January 2017 – June 2018',
        start: '2017-01',
        end: '2018-06',
        bullets: ['Covered maths and science classes in eleven schools at short notice.', 'Wrote lesson plans for absent teachers that colleagues reused.'],
      },
    ],
    education: [
      { school: 'University College Cork', degree: 'Professional Master of Education', dates: '2015 – 2017' },
      { school: 'University College Cork', degree: 'BSc Mathematical Sciences', dates: '2011 – 2015' },
    ],
    skills: [
      { label: 'Teaching', items: ['Differentiated instruction', 'Formative assessment', 'Classroom management'] },
      { label: 'Tools', items: ['GeoGebra', 'Google Classroom', 'VSware'] },
    ],
    extras: [{ heading: 'Activities', lines: ['Coach of the under-16 hurling team', 'Organiser of the school’s Maths Week quiz'] }],
  },
  {
    id: 'warehouse-lead-docx-table',
    layout: 'docx-table',
    name: 'Marcus Johnson',
    contact: ['marcus.j.warehouse@example.com', '(614) 555-0190', 'Columbus, OH'],
    summary: 'Warehouse lead who keeps trucks moving and people safe.',
    roles: [
      {
        title: 'Warehouse Shift Lead',
        company: 'Northwind Freight',
        location: 'Columbus, OH',
        dates: '2020 – Present',
        start: '2020',
        end: null,
        bullets: [
          'Lead a night shift of 24 pickers and loaders moving 9,000 orders a night.',
          'Cut mis-picks by 43% by re-slotting the 200 fastest-moving SKUs.',
          'Went 730 days without a recordable injury on my shift.',
        ],
      },
      {
        title: 'Forklift Operator',
        company: 'Buckeye Distribution Center',
        location: 'Groveport, OH',
        dates: '2016 – 2020',
        start: '2016',
        end: '2020',
        bullets: ['Loaded and unloaded 30 trailers a shift with a perfect damage record in 2019.', 'Trained 15 new operators on reach trucks.'],
      },
      {
        title: 'Picker/Packer',
        company: 'Buckeye Distribution Center',
        dates: '2014 – 2016',
        start: '2014',
        end: '2016',
        bullets: ['Picked 180 lines an hour against a target of 150.'],
      },
    ],
    education: [{ school: 'Whetstone High School', degree: 'High School Diploma', dates: '2014' }],
    skills: [{ items: ['Forklift (sit-down and reach)', 'RF scanners', 'Manhattan WMS', 'OSHA 10', 'Cycle counting', 'Team scheduling'] }],
  },
  {
    id: 'new-graduate-txt',
    layout: 'txt-underlined',
    name: 'Priya Raman',
    contact: ['priya.raman@example.com', '(919) 555-0166', 'Raleigh, NC', 'github.com/priyaraman'],
    summary: 'Computer science graduate looking for a first role in data engineering.',
    roles: [
      {
        title: 'Data Engineering Intern',
        company: 'Catawba Analytics',
        location: 'Charlotte, NC',
        dates: '06/2023 – 08/2023',
        start: '2023-06',
        end: '2023-08',
        bullets: [
          'Rewrote a nightly ETL job in PySpark so that it finished in 40 minutes instead of 5 hours, unblocking the morning dashboards for the sales team.',
          'Added data quality checks that caught 3 broken upstream feeds in my first month.',
        ],
      },
      {
        title: 'Teaching Assistant',
        company: 'North Carolina State University',
        location: 'Raleigh, NC',
        dates: '08/2022 – 05/2024',
        start: '2022-08',
        end: '2024-05',
        bullets: ['Held weekly office hours for 120 students in Data Structures.', 'Graded programming assignments and wrote auto-grader tests in Python.'],
      },
    ],
    education: [
      {
        school: 'North Carolina State University',
        degree: 'B.S. Computer Science',
        dates: '2020 – 2024',
        details: ['GPA 3.8/4.0', 'Relevant coursework: Databases, Distributed Systems, Machine Learning'],
      },
    ],
    skills: [
      { label: 'Languages', items: ['Python', 'Java', 'SQL', 'C'] },
      { label: 'Tools', items: ['PySpark', 'Airflow', 'dbt', 'Git', 'Docker'] },
    ],
    extras: [
      { heading: 'Projects', lines: ['Transit Tracker: a web app showing live bus positions in Raleigh, built with Flask and Leaflet (2023)'] },
      { heading: 'Awards', lines: ['Dean’s List, all semesters'] },
    ],
  },
  {
    id: 'career-changer-md',
    layout: 'md',
    name: 'Hannah Becker',
    headline: 'UX Researcher (formerly a secondary school teacher)',
    contact: ['hannah.becker@example.com', 'hannahbecker.io', 'Denver, CO'],
    summary: 'Former teacher who now runs user research: ten years of listening to teenagers turned out to be good training for interviews.',
    roles: [
      {
        title: 'UX Researcher',
        company: 'Trailhead Software',
        location: 'Denver, CO',
        dates: 'Oct 2022 – Present',
        start: '2022-10',
        end: null,
        bullets: [
          'Ran 60 user interviews and 9 usability studies for the scheduling product.',
          'Found that 38% of trial users abandoned at the calendar sync step; the redesign lifted activation by 21%.',
          'Set up a research repository that product managers search before asking for new studies.',
        ],
      },
      {
        title: 'UX Research Apprentice',
        company: 'Lumen Digital',
        dates: 'Jan 2022 – Sep 2022',
        start: '2022-01',
        end: '2022-09',
        bullets: ['Recruited participants and wrote discussion guides for 12 studies.'],
      },
      {
        title: 'English Teacher',
        company: 'Denver Public Schools',
        location: 'Denver, CO',
        dates: 'Aug 2012 – Jun 2021',
        start: '2012-08',
        end: '2021-06',
        bullets: [
          'Taught English to 150 students a year in grades 9 to 12.',
          'Surveyed students each term and reworked units based on the results, raising course completion by 15%.',
        ],
      },
    ],
    education: [
      { school: 'Google UX Design Certificate', degree: 'Professional Certificate', dates: '2021' },
      { school: 'University of Colorado Boulder', degree: 'B.A. English', dates: '2008 – 2012' },
    ],
    skills: [{ items: ['User interviews', 'Usability testing', 'Survey design', 'Dovetail', 'Figma', 'Synthesis workshops'] }],
  },
];
