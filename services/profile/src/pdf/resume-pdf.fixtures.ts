import type { ResumeContent, ResumeRole } from '@story/proto/api/resumes';

/** A one-page résumé. */
export const SHORT_RESUME: ResumeContent = {
  name: 'Amara Okafor',
  contact: ['amara.okafor@example.com', '+44 7700 900456', 'Manchester, UK', 'linkedin.com/in/amaraokafor'],
  summary: 'Operations lead who turns messy warehouses into calm ones. Eight years across retail logistics and grocery fulfilment.',
  roles: [
    {
      id: 'role-fresh',
      title: 'Operations Lead',
      company: 'FreshCart',
      location: 'Manchester',
      dates: 'Jan 2021 – Present',
      start: '2021-01',
      end: null,
      bullets: [
        { id: 'b-picks', text: 'Cut average pick time from 95 to 60 seconds by regrouping fast movers next to the packing benches' },
        { id: 'b-waste', text: 'Reduced fresh-food waste by a third with a daily markdown routine' },
        { id: 'b-hire', text: 'Hired and trained 22 pickers for the second shift' },
      ],
    },
    {
      id: 'role-depot',
      title: 'Shift Supervisor',
      company: 'Northway Depot',
      location: 'Bolton',
      dates: 'Mar 2017 – Dec 2020',
      start: '2017-03',
      end: '2020-12',
      bullets: [
        { id: 'b-safety', text: 'Ran a 40-person night shift with zero lost-time injuries over 3 years' },
        { id: 'b-script', text: '<script>alert("hi")</script> & other “quoted” text stays plain' },
      ],
    },
  ],
  education: [
    { id: 'edu-salford', school: 'University of Salford', degree: 'BSc Business Management', dates: '2013 – 2016', details: ['First-class honours'] },
  ],
  skills: ['Warehouse management systems', 'Lean', 'Rota planning', 'Excel', 'Forklift licence'],
  extraSections: [{ heading: 'Certifications', lines: ['IOSH Managing Safely (2019)'] }],
};

const VERBS = ['Led', 'Built', 'Cut', 'Launched', 'Redesigned', 'Negotiated', 'Automated', 'Mentored', 'Rolled out', 'Migrated'];
const THINGS = [
  'the order routing service that decides which warehouse ships each parcel',
  'a weekly forecasting model for fresh produce across twelve stores',
  'the returns process, from the customer form to the refund',
  'a supplier scorecard reviewed with every vendor each quarter',
  'the on-call rota and its runbooks for the payments platform',
  'the onboarding programme for new engineers and analysts',
];
const RESULTS = [
  'cutting late deliveries from 7% to 2%',
  'saving £240,000 a year in carrier fees',
  'so that new starters shipped code in their first week',
  'raising customer satisfaction from 4.1 to 4.6 out of 5',
  'halving the time to close a month from 10 days to 5',
  'which brought 1,400 hours of manual work down to 90',
];

function longRole(index: number): ResumeRole {
  const start = 2022 - index * 3;
  return {
    id: `role-${index}`,
    title: ['Head of Operations Engineering', 'Senior Product Engineer', 'Engineering Manager', 'Data Engineer', 'Software Engineer'][index % 5] ?? 'Engineer',
    company: ['Parcelwise', 'Greengrocer Group', 'Ledgerly', 'Northwind Retail', 'Brightside Health'][index % 5] ?? 'Company',
    location: ['London', 'Leeds', 'Remote', 'Bristol', 'Glasgow'][index % 5] ?? '',
    dates: `${start} – ${index === 0 ? 'Present' : start + 3}`,
    start: String(start),
    end: index === 0 ? null : String(start + 3),
    bullets: Array.from({ length: index < 2 ? 5 : 4 }, (_unused, b) => ({
      id: `b-${index}-${b}`,
      text: `${VERBS[(index + b) % VERBS.length]} ${THINGS[(index * 2 + b) % THINGS.length]}, ${RESULTS[(index + b * 5) % RESULTS.length]}`,
    })),
  };
}

/** A résumé long enough for two pages: five roles of four or five bullets, education, skills and extra sections. */
export const LONG_RESUME: ResumeContent = {
  name: 'Jonathan Castellanos-Whitaker',
  contact: ['jonathan.cw@example.com', '+1 (415) 555-0134', 'San Francisco, CA', 'github.com/jcastellanos'],
  summary:
    'Engineering leader with fifteen years in logistics, retail and fintech. I build teams that ship small changes often and measure what they change, and I like the unglamorous work: on-call, runbooks, migrations that nobody notices.',
  roles: Array.from({ length: 5 }, (_unused, index) => longRole(index)),
  education: [
    {
      id: 'edu-ucl',
      school: 'University College London',
      degree: 'MSc Computer Science',
      dates: '2006 – 2007',
      details: ['Thesis on vehicle routing heuristics'],
    },
    { id: 'edu-york', school: 'University of York', degree: 'BA Mathematics', dates: '2003 – 2006', details: [] },
  ],
  skills: ['TypeScript', 'Go', 'PostgreSQL', 'Kafka', 'Kubernetes', 'Terraform', 'Hiring', 'Incident management', 'Forecasting', 'SQL'],
  extraSections: [
    { heading: 'Talks', lines: ['“Boring migrations” — LeadDev London 2023', 'Routing parcels with integer programming — PyData 2019'] },
    { heading: 'Languages', lines: ['English (native), Spanish (fluent), Portuguese (conversational)'] },
  ],
};
