/**
 * A requirement line as postings write it ("5+ years of experience with Python and SQL.", "Nice to
 * have: Kubernetes", "Strong communication skills") read into what it asks for: its kind, and the
 * topic in the line's own words, ready to stand in a question.
 */

/** What a requirement asks for, which decides how a question about it is put. */
export type RequirementShape =
  /** Something done: "leading cross-functional teams" (asked as "a time you led cross-functional teams"). */
  | 'activity'
  /** Something to be able to do: "work independently" (after "ability to"). */
  | 'ability'
  /** A quality: "communication skills", "attention to detail", "detail-oriented". */
  | 'quality'
  /** A tool, language or method: "Python and SQL", "Salesforce". */
  | 'tool'
  /** A field of work: "B2B SaaS sales", "paediatric care". */
  | 'field'
  /** A degree, licence or certificate: asked about only when nothing else is left. */
  | 'credential'
  /** Not a thing to ask about in an interview: visa, location, salary, travel, schedule. */
  | 'condition';

export interface RequirementReading {
  shape: RequirementShape;
  /** The words of the line the question quotes (cleaned, shortened, its first word in lower case unless a name). */
  topic: string;
  /** "Nice to have", "preferred", "a plus": asked after the line's required ones. */
  optional: boolean;
}

const OPTIONAL_MARK =
  /^(?:nice[- ]to[- ]haves?|bonus(?: points)?|preferred|desired|plus|ideally|a plus|good to have|extra credit)\b\s*(?:[:\-–—]|if you have|for)?\s*|\s*(?:\(?(?:is |would be )?(?:a )?(?:big |huge )?(?:plus|preferred|desirable|nice to have|an advantage|a bonus)\)?|,?\s*preferred|,?\s*(?:is )?desirable)\s*$/gi;
const REQUIRED_MARK =
  /^(?:required|requirements?|must[- ]haves?|must have|essential|you have|you bring|you(?:'ll| will) (?:have|bring)|we(?:'re| are) looking for)\s*[:\-–—]?\s*/i;
/** A duty written to the reader ("You will own the pipeline", "In this role you'll partner with…"): the duty stays, the address goes. */
const YOU_LEAD =
  /^(?:(?:in this (?:role|position|job)|day[- ]to[- ]day|as (?:a|an|our|the) [\w\s-]{1,40}?),?\s+)?(?:you(?: will be expected to| are expected to| will| would|'ll|’ll| are|'re|’re)|we need you to|we(?:'d|’d| would) like you to|your (?:job|role|mission) (?:is|will be) to)\s+/i;
/** "Responsible for onboarding new customers", "(you'll) be accountable for…": the duty is what follows. */
const RESPONSIBLE_LEAD = /^(?:be |is |are )?(?:(?:directly|fully|solely|primarily) )?(?:responsible|accountable) for\s+/i;
const LIST_MARK = /^\s*(?:[-–—•*·▪●◦>]+|\(?\d{1,2}[.)]|\(?[a-z][.)](?=\s))\s*/i;

const CREDENTIAL =
  /\b(?:bachelor'?s?|master'?s?|mba|ph\.?d|degree|diploma|graduate of|licen[cs]e[ds]?|licensure|certifi(?:cate|cation|ed)|registered nurse|\brn\b|cpa|cfa|acca|gcse|a-levels?|qualified teacher status|qts|bls|acls|pals)\b/i;
const CONDITION =
  /\b(?:visa|sponsorship|authori[sz]ed to work|right to work|work permit|citizenship|relocat\w*|on-?site|hybrid (?:role|working|work|schedule|model|position)|\(hybrid|fully remote|remote (?:role|work|position|first|friendly)|based in|located in|commut\w*|salary|compensation|pay range|benefits|travel up to|willing(?:ness)? to travel|background check|drug test|driver'?s licen[cs]e|weekends?|night shifts?|shifts? as needed|overtime|full[- ]time|part[- ]time|start date|clearance)\b/i;

/** Lead-ins that say "how much of it": dropped, the topic stays ("5+ years of experience with" → ""). */
const YEARS =
  /^(?:at least |minimum (?:of )?|over |more than )?(?:\d+(?:\s*[-–to]+\s*\d+)?\+?|one|two|three|four|five|six|seven|eight|nine|ten)\+?\s*(?:\+\s*)?(?:years?|yrs?)(?:'|’)?\s*(?:of\s+)?(?:professional\s+|relevant\s+|proven\s+|hands-on\s+|industry\s+|progressive\s+|direct\s+|combined\s+|clinical\s+|practical\s+)*(?:experience|exp\.?|work)?\s*(?:with|in|of|using|doing|as|on|at|building|across)?\s*/i;
/** "B2B SaaS sales experience": the trailing word says no more than the line. */
const TRAILING_FILLER = /\s+(?:experience|background|knowledge|expertise|exposure|a must|is a must|required|essential|role|position|setting|environment)$/i;
/** Verbs a line of duties starts with ("Build and maintain relationships…"), asked as "a time you had to …". */
const DUTY_VERB =
  /^(?:build|lead|manage|develop|design|drive|own|create|maintain|work|collaborate|partner|support|deliver|write|run|analy[sz]e|prepare|coordinate|plan|implement|mentor|coach|teach|care|provide|ensure|identify|handle|resolve|monitor|communicate|present|negotiate|sell|close|grow|help|conduct|perform|assist|train|review|define|improve|oversee|establish|launch|translate|use|prioriti[sz]e|report|track|triage|administer|document|advocate|balance|deliver|engage|explain|forecast|guide|influence|juggle|keep|make|motivate|organi[sz]e|reconcile|recruit|respond|ship|solve|thrive|turn|adapt|act|deal|answer|follow|hit|exceed|meet|operate|promote|source|build)\b/i;
/** A line already told in the past: "shipped products used by millions". */
const PAST_VERB = /^(?:\p{L}{3,}ed|led|built|ran|wrote|sold|taught|drove|made|grew|won|shipped|brought|kept|held|met|found)\b/iu;
const QUALITY_LEAD = /^(?:strong|excellent|exceptional|outstanding|superb|good|great|solid|effective|advanced|sound|keen|high|impeccable|clear)\s+/i;
const ABILITY_LEAD = /^(?:(?:proven|demonstrated|demonstrable|strong|excellent|the|an?|clear)\s+)*(?:ability|capacity|able|willingness|readiness)\s+to\s+/i;
const ACTIVITY_LEAD =
  /^(?:(?:comfortable|confident|skilled|experienced|adept|effective|successful|great|good)\s+(?:at\s+|in\s+|with\s+)?(?=\w+ing\b))|^(?:(?:proven|demonstrated|demonstrable|solid|strong|clear|significant|extensive|deep|some|prior|previous|direct|professional|practical|relevant|hands-on|a)\s+)*(?:track record|record|history|experience|background|success|expertise|exposure|involvement)\s+(?:of\s+|in\s+|with\s+|using\s+|at\s+|on\s+)?(?=\w+ing\b)/i;
const SUBJECT_LEAD =
  /^(?:(?:proven|demonstrated|demonstrable|solid|strong|clear|significant|extensive|deep|good|working|some|prior|previous|direct|professional|practical|relevant|hands-on|expert|excellent|advanced|basic|a|an|the)\s+)*(?:portfolio (?:demonstrating|showing|that shows|of)|track record|record|history|experience|background|knowledge|familiarity|proficiency|fluency|expertise|exposure|understanding|command|grasp|mastery|skills?|competence|comfort|passion|interest)\s+(?:of|in|with|using|at|on|for|around|across)\s+/i;
const PROFICIENT_LEAD =
  /^(?:highly\s+|very\s+)?(?:proficient|fluent|skilled|experienced|versed|well-versed|comfortable|familiar|confident|adept|expert)\s+(?:in|with|at|using|on)\s+/i;
/** Where a long line stops being the topic: examples, asides and conditions after it. */
const TOPIC_END =
  /\s*(?:\(|;|:|,\s*(?=\d)|\s[-–—]\s|,?\s+(?:such as|including|e\.g\.|eg\.|i\.e\.|for example|like|ideally|preferably|especially|particularly|as well as|in order to|to ensure|within (?:a|an)|in a fast|in an?\s+\w+-paced)\b)/i;
const MAX_TOPIC_WORDS = 12;

/** Spoken languages: names, but worked in rather than used as tools. */
const LANGUAGES = new Set(['english', 'spanish', 'french', 'german', 'mandarin', 'chinese', 'japanese', 'portuguese', 'italian', 'arabic', 'hindi']);
/** Words that begin a topic and stay capitalised: names of tools, languages and methods. */
const NAMES = new Set(
  `python java javascript typescript kotlin swift ruby rust go golang scala php perl excel word powerpoint outlook salesforce hubspot figma sketch
  tableau looker docker kubernetes linux windows react angular vue node django rails spring terraform ansible jenkins jira confluence
  slack google microsoft apple amazon android english spanish french german mandarin chinese japanese portuguese italian arabic hindi
  quickbooks xero netsuite sap oracle workday zendesk intercom shopify wordpress photoshop illustrator indesign canva adobe agile scrum
  kanban lean six epic cerner snowflake databricks spark hadoop kafka airflow dbt postgres postgresql mysql mongodb redis graphql`
    .split(/\s+/)
    .filter(Boolean),
);
const QUALITY_WORDS =
  /\b(?:learner|communicator|listener|collaborator|multi-?task\w*|skills?|communicat\w*|interpersonal|attention to detail|detail[- ]oriented|organi[sz]ation(?:al)?|organi[sz]ed|self[- ]starter|self[- ]motivated|team player|work ethic|empathy|empathetic|judg(?:e)?ment|resilien\w*|adaptab\w*|flexib\w*|creativ\w*|curiosity|curious|integrity|ownership|initiative|leadership|collaborat\w*|customer[- ]focus(?:ed)?|growth mindset|problem[- ]solv\w*|critical thinking|analytical|patience|patient|positive attitude|emotional intelligence|time management|presence|commitment|dedication|eye for|calm|composure|under pressure|-oriented|-minded|-driven|-motivated)\b/i;
/** A one- or two-word quality without a noun: "customer-facing", "proactive". */
const ADJECTIVE = /(?:-facing|-based|-savvy|ive|ful|ous|-first|-focused|-ready)$/i;
const TOOL_WORDS =
  /\b(?:tools?|software|systems?|languages?|frameworks?|platforms?|databases?|stack|libraries|apis?|sql|crm|erp|ehr|emr|cloud|aws|gcp|azure|ci\/cd)\b|\.js\b/i;

/** The line without its list mark, its "nice to have" or "required" label, its closing punctuation or its surrounding quotes. */
export function cleanLine(line: string): { text: string; optional: boolean } {
  let text = line.replace(/\s+/g, ' ').trim().replace(LIST_MARK, '');
  const optional = new RegExp(OPTIONAL_MARK.source, 'i').test(text);
  text = text.replace(OPTIONAL_MARK, '').replace(REQUIRED_MARK, '').replace(YOU_LEAD, '').replace(RESPONSIBLE_LEAD, '');
  text = text
    .replace(/^["'“‘]+|["'”’]+$/g, '')
    .replace(/[\s.:;,!]+$/u, '')
    .trim();
  return { text, optional };
}

/** The first word in lower case unless it is a name, an acronym or a word with capitals inside ("Python", "SQL", "JavaScript"). */
function lowerFirst(text: string): string {
  const first = /^\S+/u.exec(text)?.[0];
  if (!first) return text;
  if (/[\p{Lu}\d]/u.test(first.slice(1)) || NAMES.has(first.toLowerCase().replace(/[^\p{L}]+$/u, ''))) return text;
  return first.toLowerCase() + text.slice(first.length);
}

/** The topic cut where a long line turns to examples or asides, and to at most a dozen words at a word boundary. */
function shortened(topic: string): string {
  const end = TOPIC_END.exec(topic);
  // A cut that would leave one word ("thrive" of "thrive in a fast-paced environment") keeps the line whole.
  let cut = end && end.index >= 3 && topic.slice(0, end.index).trim().includes(' ') ? topic.slice(0, end.index) : topic;
  const words = cut.split(' ');
  if (words.length > MAX_TOPIC_WORDS) {
    const head = words.slice(0, MAX_TOPIC_WORDS);
    // End on a whole phrase: drop trailing joiners ("and", "of the").
    while (head.length > 3 && /^(?:and|or|of|the|a|an|to|in|for|with|on|at|by|&|,)$/i.test(head.at(-1) ?? '')) head.pop();
    cut = head.join(' ');
  }
  return cut.replace(/[\s,;:.&-]+$/u, '').replace(/^(?:and|or)\s+/i, '');
}

/** Reads a requirement line: what it asks for and the words a question keeps. */
export function readRequirement(line: string): RequirementReading {
  const { text, optional } = cleanLine(line);
  if (CONDITION.test(text)) return { shape: 'condition', topic: lowerFirst(text), optional };
  if (CREDENTIAL.test(text)) return { shape: 'credential', topic: lowerFirst(shortened(text)), optional };
  let rest = text.replace(YEARS, '');
  if (!rest) rest = text;
  const ability = ABILITY_LEAD.exec(rest);
  if (ability) return { shape: 'ability', topic: lowerFirst(shortened(rest.slice(ability[0].length))), optional };
  const activity = ACTIVITY_LEAD.exec(rest);
  if (activity) rest = rest.slice(activity[0].length);
  if (
    /^\p{L}+ing\b/iu.test(rest) &&
    !/^(?:training|engineering|marketing|accounting|nursing|teaching|banking|pricing|billing|consulting|recruiting|manufacturing|programming|testing|modelling|modeling|forecasting|budgeting|planning|scheduling|onboarding|tutoring|writing|reporting|bookkeeping|auditing|coaching|networking|computing|learning|copywriting|merchandising|sourcing|staffing|messaging|branding|publishing|hosting)\b\s*$/i.test(
      rest,
    )
  ) {
    return { shape: 'activity', topic: lowerFirst(shortened(rest)), optional };
  }
  const subject = SUBJECT_LEAD.exec(rest) ?? PROFICIENT_LEAD.exec(rest);
  if (subject) rest = rest.slice(subject[0].length);
  // "Comfortable with ambiguity": at ease with something that is no tool is a quality, kept whole.
  if (
    subject &&
    /^(?:comfortable|confident|at ease)\b/i.test(subject[0]) &&
    !TOOL_WORDS.test(rest) &&
    !rest.split(/\s+/).some((word) => NAMES.has(word.toLowerCase()))
  )
    return { shape: 'quality', topic: lowerFirst(shortened(text)), optional };
  rest = rest.replace(/^(?:a|an|the)\s+/i, '').replace(QUALITY_LEAD, '');
  if (!subject && DUTY_VERB.test(rest)) return { shape: 'ability', topic: lowerFirst(shortened(rest)), optional };
  if (!subject && PAST_VERB.test(rest) && rest.split(' ').length > 1) return { shape: 'activity', topic: lowerFirst(shortened(rest)), optional };
  const topic = lowerFirst(shortened(rest).replace(TRAILING_FILLER, '')) || lowerFirst(shortened(text));
  if (!subject && QUALITY_WORDS.test(topic)) return { shape: 'quality', topic, optional };
  if (!subject && topic.split(' ').length <= 2 && ADJECTIVE.test(topic)) return { shape: 'quality', topic, optional };
  const named = topic.split(/\s+/).some((word) => {
    const name = word.toLowerCase().replace(/[^\p{L}]+$/u, '');
    return NAMES.has(name) && !LANGUAGES.has(name);
  });
  if (named || TOOL_WORDS.test(topic)) return { shape: 'tool', topic, optional };
  if (QUALITY_WORDS.test(topic)) return { shape: 'quality', topic, optional };
  // "Written and verbal English", "Fluent Spanish": a language is worked in, asked as a quality.
  if (topic.split(/\s+/).some((word) => LANGUAGES.has(word.toLowerCase()))) return { shape: 'quality', topic, optional };
  return { shape: 'field', topic, optional };
}
