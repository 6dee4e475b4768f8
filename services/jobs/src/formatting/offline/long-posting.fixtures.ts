import type { Posting } from './postings.fixtures.ts';

const J = '⟦junk⟧';

const PARAGRAPH = [
  'Our clinicians document more than 2 million patient visits a year in software that was built for billing, not for care.',
  'The Clinical Platform group is rebuilding that experience from the ground up, starting with the note-taking tools that nurses',
  'and physicians use at the bedside.',
].join('\n');

/** A long enterprise posting: many sections, wrapped prose, nested bullets, benefits, a legal footer and a cookie banner. */
export const LONG_ENTERPRISE: Posting = {
  name: 'Long enterprise posting (about 600 words, nested bullets, wrapped prose, legal footer, cookie banner)',
  marked: `${J}This website uses cookies to ensure you get the best experience on our website.
${J}Accept all cookies
${J}Manage preferences
${J}Back to jobs
Principal Software Engineer, Clinical Platform
Helix Health Systems · Boston, MA or Remote (US) · Full-time
Req ID: 2024-11873
Posted: 14 October 2024

ABOUT HELIX
Helix Health Systems runs 38 hospitals and 400 clinics across New England. ${PARAGRAPH}

THE ROLE
As a Principal Software Engineer you will set the technical direction for the Clinical Platform group (six teams, about 45
engineers). You will write code every week, but your biggest impact will come from the decisions you help others make:
how we model clinical data, how we keep systems available at 3 a.m. on a Sunday, and how we ship safely in a regulated
environment.

WHAT YOU'LL DO
• Own the architecture of the clinical documentation platform, from the event store to the
  React front end used on 12,000 workstations
• Lead design reviews and write the decision records that come out of them
• Partner with Product, Clinical Informatics and Security on a three-year roadmap
• Raise the bar for reliability:
    ◦ define service level objectives with each team
    ◦ run blameless post-incident reviews
    ◦ make on-call sustainable (no more than one page per night on average)
• Mentor senior engineers and grow the next generation of technical leaders
• Represent engineering in conversations with hospital leadership and external auditors

WHAT YOU'LL BRING
• 12+ years of professional software engineering experience, including 4+ years in a staff or principal role
• Deep experience with distributed systems on AWS or Azure (event sourcing, CQRS, or similar patterns)
• Fluency in at least one of Java, Kotlin, C# or TypeScript, and the curiosity to learn the others
• A track record of leading cross-team technical change without formal authority
• Clear written communication: you enjoy turning a messy problem into a two-page proposal
• Experience with HL7 FHIR, HIPAA or other healthcare standards is a plus, but not required

NICE TO HAVE
• Contributions to open-source projects
• Experience with Kafka Streams or Apache Flink
• Familiarity with accessibility standards (Section 508, WCAG 2.1)

OUR TECH STACK
Kotlin, Spring Boot, PostgreSQL, Kafka, Redis, React, TypeScript, Terraform, Kubernetes (EKS), Datadog

COMPENSATION AND BENEFITS
The salary range for this position is $210,000 – $265,000 per year. Actual pay depends on experience, skills and
location. This role is also eligible for an annual bonus of up to 20% and a long-term incentive plan.
• Medical, dental and vision insurance from day one
• 403(b) retirement plan with a 6% employer match
• 25 days of paid time off plus 11 holidays
• $3,000 a year for learning and conferences
• Paid parental leave: 16 weeks for all parents
• Home office stipend of $1,500 for remote employees

HOW WE HIRE
1. A 30-minute call with a recruiter
2. A 60-minute conversation with the hiring manager about a system you built
3. A take-home design exercise (we pay you for your time: $500)
4. A final loop with four interviews, including one with a clinician
We aim to complete the whole process within four weeks and will tell you where you stand after every step.

EQUAL OPPORTUNITY
Helix Health Systems is an Equal Opportunity Employer. All qualified applicants will receive consideration for employment
without regard to race, color, religion, sex, sexual orientation, gender identity, national origin, disability, or
protected veteran status. We provide reasonable accommodations to applicants with disabilities; email
accommodations@helixhealth.org to request one.

Helix participates in E-Verify. For information, see the E-Verify Participation Poster (English and Spanish).
${J}Apply now
${J}Share this job
${J}Similar jobs`,
};
