/**
 * The text the career language model learns from: how people tell work stories and answer (and
 * ask) interview questions, aloud. Sentences are put together from parts (who, when, what was
 * done, for whom, with which tools, what came of it, in numbers said as words), with the hesitations
 * of speech, plus the short things said around an answer. A seeded generator makes the same corpus
 * every time. None of the evaluation sentences (services/speech/evaluation) is in it; a test checks.
 */
import { seededRandom } from '@story/service-kit/seeded-random';

// prettier-ignore
const ONES = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen',
  'sixteen', 'seventeen', 'eighteen', 'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** A whole number under a million as it is said ("three hundred forty two"). */
export function numberWords(value: number): string {
  if (value < 20) return ONES[value] ?? '';
  if (value < 100) return [TENS[Math.floor(value / 10)], value % 10 ? ONES[value % 10] : ''].filter(Boolean).join(' ');
  if (value < 1000) return [`${ONES[Math.floor(value / 100)]} hundred`, value % 100 ? numberWords(value % 100) : ''].filter(Boolean).join(' ');
  return [`${numberWords(Math.floor(value / 1000))} thousand`, value % 1000 ? numberWords(value % 1000) : ''].filter(Boolean).join(' ');
}

// prettier-ignore
const TIMES = [
  'last year', 'two years ago', 'three years ago', 'in my last job', 'in my previous role', 'at my current company', 'last quarter',
  'a few months ago', 'early in my career', 'in my first job', 'when I joined', 'during my internship', 'last summer', 'this year',
  'in twenty twenty two', 'in twenty twenty three', 'at my first startup', 'a couple of years ago', 'recently', 'back in college',
  'in my second year there', 'right after I was promoted',
];
// prettier-ignore
const LEAD_VERBS = [
  'led', 'ran', 'owned', 'took over', 'built', 'designed', 'managed', 'drove', 'started', 'planned', 'delivered', 'launched', 'coordinated',
  'shipped', 'rebuilt', 'redesigned', 'worked on', 'was in charge of', 'was responsible for', 'kicked off',
];
// prettier-ignore
const THINGS = [
  'the migration of our checkout database', 'the migration to the cloud', 'a new onboarding flow', 'the redesign of our mobile app',
  'the billing system', 'our search feature', 'the payments platform', 'the data warehouse', 'a customer support tool', 'the reporting dashboards',
  'an internal hiring process', 'the release process', 'our monitoring and alerting', 'the recommendation engine', 'a pricing experiment',
  'the sales pipeline', 'a marketing campaign', 'the inventory system', 'the login service', 'our public API',
  'a machine learning model for fraud detection', 'the move from a monolith to microservices', 'the integration with our biggest partner',
  'a training program for new hires', 'the customer feedback survey', 'our quarterly planning', 'the website relaunch', 'a cost reduction project',
  'the security audit', 'the accessibility work on our website', 'the analytics platform', 'the shipping and logistics system', 'a new product line',
  'the support team', 'a team of five engineers', 'a team of analysts', 'the front end of our web app', 'the back end services',
  'our test automation', 'the data pipeline', 'the mobile release', 'a research project', 'the office move', 'the vendor selection',
  'our budget for the year', 'the customer onboarding',
];
// prettier-ignore
const TOOLS = [
  'Python', 'Java', 'JavaScript', 'TypeScript', 'React', 'Kubernetes', 'Docker', 'Kafka', 'Postgres', 'MySQL', 'Excel', 'Salesforce', 'Jira',
  'Tableau', 'Airflow', 'Spark', 'Terraform', 'Jenkins', 'GitHub', 'Slack', 'Google Cloud', 'Azure', 'Amazon Web Services', 'SQL', 'Go',
  'Ruby on Rails', 'Node', 'Figma', 'PowerPoint', 'SAP', 'HubSpot', 'Zendesk', 'Linux',
];
// prettier-ignore
const COMPANIES = [
  'Amazon', 'Google', 'Microsoft', 'Apple', 'Facebook', 'Netflix', 'Spotify', 'Uber', 'Airbnb', 'IBM', 'Oracle', 'Intel', 'Deloitte', 'Accenture',
  'a bank', 'a small startup', 'a big retailer', 'a hospital', 'a consulting firm', 'an insurance company', 'a logistics company', 'a nonprofit',
  'the city government', 'a university',
];
// prettier-ignore
const PEOPLE = [
  'my manager', 'the product manager', 'the design team', 'our customers', 'the sales team', 'the finance team', 'two other engineers',
  'the support team', 'the director', 'the client', 'the stakeholders', 'my team', 'the executives', 'the marketing team', 'the legal team',
  'our partners', 'the new hires', 'the operations team', 'the data team', 'the vice president',
];
// prettier-ignore
const ACTIONS = [
  'I started by talking to {people}', 'I set up a weekly meeting with {people}', 'I wrote a plan and shared it with {people}',
  'I broke the work into small steps', 'I wrote the first version in {tool}', 'I built a prototype in {tool}',
  'I asked {people} what they actually needed', 'I looked at the data first', 'I measured where the time was going',
  'I added tests before changing anything', 'I rolled back the deploy', 'I found the root cause', 'I fixed the bug and added a test',
  'I automated the manual steps with {tool}', 'I moved the reports into {tool}', 'I documented the whole process',
  'I trained {people} on the new process', 'I negotiated with {people}', 'I proposed a simpler design', 'I ran an experiment',
  'I paired with a junior engineer', 'I reviewed every change myself', 'I escalated the problem to {people}', 'I split the project into two phases',
  'I cut the scope', 'I pushed back on the deadline', 'I made a list of the risks', 'I asked for help from {people}',
  'I set clear goals for the team', 'I gave {people} a daily update', 'I interviewed {count} customers', 'I read through the support tickets',
  'I built a dashboard in {tool}', 'I wrote a script in {tool}', 'I raised the pool size and added a circuit breaker', 'I added caching',
  'I moved the jobs to a queue', 'I rewrote the slowest queries', 'I cleaned up the data', 'I hired {count} people',
  'I mentored two junior developers', 'I presented the plan to {people}', 'I got buy in from {people}', 'I took ownership of the problem',
  'I stayed late to finish the release',
];
// prettier-ignore
const METRICS = [
  'the error rate', 'the page load time', 'customer complaints', 'the number of support tickets', 'our costs', 'the churn rate', 'response times',
  'revenue', 'sales', 'conversion', 'customer satisfaction', 'the time to hire', 'the build time', 'downtime', 'the number of bugs', 'sign ups',
  'retention', 'the cloud bill', 'manual work', 'the backlog',
];
const CHANGES_DOWN = ['dropped', 'fell', 'went down', 'decreased', 'was cut', 'was reduced'];
const CHANGES_UP = ['grew', 'went up', 'increased', 'improved', 'rose', 'doubled'];
// prettier-ignore
const UNITS = [
  'percent', 'days', 'weeks', 'months', 'hours', 'minutes', 'seconds', 'customers', 'users', 'people', 'dollars', 'thousand dollars',
  'million dollars', 'tickets', 'orders',
];
// prettier-ignore
const FILLERS = [
  'um', 'uh', 'so', 'well', 'you know', 'like', 'I mean', 'basically', 'honestly', 'okay', 'right', 'yeah', 'actually', 'so yeah', 'um so',
  'uh I think',
];
// prettier-ignore
const QUESTIONS = [
  'tell me about yourself', 'tell me about a time you failed', 'tell me about a time you led a project',
  'tell me about a time you disagreed with your manager', 'tell me about a conflict with a coworker', 'what is your biggest strength',
  'what is your greatest weakness', 'why do you want to work here', 'why are you looking for a new job', 'where do you see yourself in five years',
  'what are your salary expectations', 'what did you learn from that', 'how did you go about it', 'what was the result', 'what was your role',
  'what would you do differently', 'how did you measure success', 'what was the hardest part', 'how did the team react', 'who else was involved',
  'what happened next', 'can you give me an example', 'how do you handle pressure', 'how do you prioritize your work',
  'how do you deal with difficult customers', 'what motivates you', 'why should we hire you', 'what do you know about our company',
  'do you have any questions for me', 'how would your manager describe you', 'how would your team describe you', 'what does a typical day look like',
  'what does success look like in this role', 'how big is the team', 'who would I report to', 'what are the next steps', 'how soon could you start',
  'what is the biggest challenge for the team right now', 'how do you support growth and learning', 'is the role remote',
  'how often does the team ship', 'what is the interview process', 'tell me about a mistake you made',
  'tell me about a time you went above and beyond', 'describe a difficult decision you made', 'how do you handle feedback',
  'tell me about a time you had to learn something quickly', 'how do you work with people outside engineering', 'what is a project you are proud of',
];
// prettier-ignore
const SHORT_TURNS = [
  'hi', 'hello', 'hi I am ready', 'I am ready', 'okay let us start', 'can you repeat the question', 'could you repeat that please',
  'give me a second', 'let me think about that', 'sorry can you say that again', 'that is a good question', 'sure', 'yes', 'no', 'thank you',
  'thanks', 'okay', 'got it', 'I am not sure', 'can I start over', 'let me start again', 'I think that is it', 'that is all',
  'does that answer your question', 'should I go into more detail', 'sorry I lost my train of thought', 'one moment please', 'I do not know',
  'yes that makes sense', 'no I think that covers it', 'what do you mean by that', 'can you give me a hint', 'how long should my answer be',
  'I would like to try again',
];
// prettier-ignore
const OPINIONS = [
  'I enjoy working with customers', 'I like solving hard problems', 'I work best in a small team', 'I care a lot about quality',
  'I am good at explaining technical things', 'I learn new tools quickly', 'I stay calm under pressure', 'I like to plan ahead',
  'I am comfortable with ambiguity', 'I want to grow into a leadership role', 'I want to work on products people use every day',
  'I like mentoring people', 'I tend to take on too much', 'I sometimes spend too long on details', 'I am working on delegating more',
  'I am very organized', 'I ask a lot of questions', 'I am looking for a team with a strong culture of learning', 'I want more ownership',
  'I like fast moving environments', 'communication is one of my strengths',
];
// prettier-ignore
const ROLES = [
  'software engineer', 'data analyst', 'product manager', 'project manager', 'designer', 'data scientist', 'account manager', 'sales representative',
  'support engineer', 'team lead', 'engineering manager', 'marketing manager', 'nurse', 'teacher', 'accountant', 'consultant', 'operations manager',
  'business analyst', 'developer', 'recruiter',
];
// prettier-ignore
const FIELDS = [
  'computer science', 'economics', 'business', 'mathematics', 'physics', 'psychology', 'marketing', 'finance', 'biology', 'mechanical engineering',
  'electrical engineering', 'English', 'history', 'design',
];

type Pick = <T>(items: readonly T[]) => T;

/** A number a story would give, said as words. */
function amount(pick: Pick, random: () => number): string {
  const kind = random();
  if (kind < 0.35) return numberWords(pick([2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 18, 20, 24, 30]));
  if (kind < 0.7) return numberWords(pick([10, 15, 20, 25, 30, 35, 40, 45, 50, 60, 70, 75, 80, 90]));
  if (kind < 0.85) return numberWords(pick([100, 120, 150, 200, 250, 300, 400, 500, 600, 800]));
  return numberWords(pick([1000, 1500, 2000, 5000, 10000, 20000, 50000, 100000, 250000]));
}

/** Puts `{people}`, `{tool}` and `{count}` into a pattern. */
function fill(pattern: string, pick: Pick, random: () => number): string {
  return pattern
    .replace(/\{people\}/g, () => pick(PEOPLE))
    .replace(/\{tool\}/g, () => pick(TOOLS))
    .replace(/\{count\}/g, () => amount(pick, random));
}

/** One generated sentence of a story, an answer, a question or a turn around them. */
function sentence(pick: Pick, random: () => number): string {
  const shape = random();
  const filler = random() < 0.25 ? `${pick(FILLERS)} ` : '';
  if (shape < 0.16) return `${filler}${random() < 0.6 ? `${pick(TIMES)} ` : ''}I ${pick(LEAD_VERBS)} ${pick(THINGS)}${random() < 0.3 ? ` ${pick(TIMES)}` : ''}`;
  if (shape < 0.3)
    return `${filler}${fill(pick(ACTIONS), pick, random)}${random() < 0.4 ? ` and ${fill(pick(ACTIONS), pick, random).replace(/^I /, '')}` : ''}`;
  if (shape < 0.42) {
    const up = random() < 0.5;
    const by = random() < 0.7 ? ` by ${amount(pick, random)} percent` : ` from ${amount(pick, random)} to ${amount(pick, random)} ${pick(UNITS)}`;
    return `${filler}${pick(['as a result', 'in the end', 'after that', 'within a month', 'by the end of the quarter', 'overall', 'so'])} ${pick(METRICS)} ${pick(up ? CHANGES_UP : CHANGES_DOWN)}${by}`;
  }
  if (shape < 0.5)
    return `${filler}we ${pick(['finished', 'launched', 'shipped', 'delivered', 'went live'])} ${amount(pick, random)} ${pick(['days', 'weeks', 'months'])} ${pick(['early', 'late', 'ahead of schedule', 'after we started'])}`;
  if (shape < 0.6) return pick(QUESTIONS);
  if (shape < 0.66) return pick(SHORT_TURNS);
  if (shape < 0.74) return `${filler}${pick(OPINIONS)}${random() < 0.4 ? ` because ${fill(pick(ACTIONS), pick, random).replace(/^I /, 'I have ')}` : ''}`;
  if (shape < 0.8) return `${filler}I worked as a ${pick(ROLES)} at ${pick(COMPANIES)} for ${amount(pick, random)} ${pick(['years', 'months'])}`;
  if (shape < 0.84)
    return `I studied ${pick(FIELDS)} and ${pick(['then moved into', 'later switched to', 'now work in', 'started my career in'])} ${pick(['software', 'sales', 'marketing', 'data', 'product', 'operations', 'finance', 'consulting'])}`;
  if (shape < 0.9)
    return `${filler}the ${pick(['problem', 'situation', 'challenge', 'goal', 'task', 'risk'])} was that ${pick(METRICS)} ${pick([...CHANGES_UP, ...CHANGES_DOWN])} and ${pick(PEOPLE)} ${pick(['were unhappy', 'needed a fix', 'wanted answers', 'asked me to help', 'had a deadline'])}`;
  if (shape < 0.95)
    return `${filler}we used ${pick(TOOLS)} ${pick(['and', 'with'])} ${pick(TOOLS)} ${pick(['for the data', 'to build the service', 'for the reports', 'to deploy', 'for testing', 'every day'])}`;
  return `${filler}my ${pick(['manager', 'team', 'client', 'director', 'mentor'])} ${pick(['told me', 'said', 'thought', 'asked me'])} ${pick(['that I should delegate more', 'to lead the next project', 'that it was the best launch we had', 'to present the results', 'that the plan was too risky'])}`;
}

/** The career corpus: `count` generated sentences, lower case, one per entry. */
export function careerCorpus(count = 20_000, seed = 19): string[] {
  const random = seededRandom(seed);
  const pick: Pick = (items) => items[Math.floor(random() * items.length)] as (typeof items)[number];
  const sentences = [...QUESTIONS, ...SHORT_TURNS, ...OPINIONS];
  while (sentences.length < count) sentences.push(sentence(pick, random));
  return sentences.map((text) => text.toLowerCase());
}
