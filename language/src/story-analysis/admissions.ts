/**
 * Saying one has not done what was asked (issue 38, 4): "I have not run Kubernetes across regions
 * myself", "Honestly I never owned a budget", "No experience with vendor management", "Not really".
 * Plain patterns: an admission is said in a few set ways, and a rule can say which words it heard.
 * Such an answer may go on with something related; it is heard as what it is, and never counts as
 * having done the thing.
 */

/** Verbs of having done something that a requirement asks for, in the forms "I have not …" and "I never …" take. */
const DOING =
  'done|did|do|run|ran|used|use|worked|work|managed|manage|led|lead|owned|own|hired|hire|built|build|presented|present|handled|handle|dealt|written|wrote|configured|deployed|administered|supervised|taught|trained|negotiated|coded|programmed|designed|set up|been (?:responsible|in charge|a|an|the|involved)|had (?:the (?:chance|opportunity)|a chance|to)|touched|tried|worked with|gotten to|got to|needed to';
const ADMISSIONS: readonly RegExp[] = [
  new RegExp(
    String.raw`\bi(?:\s+have|'ve|’ve)?\s+(?:not|never)\s+(?:actually\s+|really\s+|personally\s+|yet\s+|ever\s+|directly\s+|formally\s+)?(?:${DOING})\b`,
    'i',
  ),
  new RegExp(
    String.raw`\bi\s+(?:haven't|haven’t|didn't|didn’t|did not)\s+(?:actually\s+|really\s+|personally\s+|yet\s+|ever\s+|directly\s+|got(?:ten)? (?:the chance|to)\s+)?(?:${DOING})\b`,
    'i',
  ),
  /\b(?:i\s+(?:do not|don't|don’t|did not|didn't|didn’t)\s+have|i\s+(?:have|had)\s+no|i've\s+no|i’ve\s+no)\s+(?:real\s+|direct\s+|professional\s+|hands-on\s+|practical\s+|much\s+|any\s+|formal\s+|work\s+)*(?:experience|background|track record|exposure)\b/i,
  /^\s*(?:(?:honestly|to be honest|sadly|unfortunately)[,\s]+)?no\s+(?:real\s+|direct\s+|professional\s+|hands-on\s+|practical\s+|formal\s+)*(?:experience|background|exposure)\b/i,
  /\b(?:i\s+lack|i'm\s+lacking|i am lacking)\s+(?:[\w-]+\s+)?experience\b/i,
  /\bi\s+(?:do not|don't|don’t|dont)\s+have\s+(?:any\s+|much\s+|real\s+)?(?:experience|a (?:direct|concrete|real|specific|good) example|an example)\b/i,
  /\bi(?:'m|’m| am)\s+not\s+(?:really\s+|very\s+)?(?:familiar|experienced|used to working)\s+with\b/i,
  /\bi(?:'ve|’ve| have)\s+yet\s+to\b/i,
  /\bi\s+(?:can't|cannot|can’t|couldn't)\s+think\s+of\s+(?:a|an|one)\s+(?:time|example|situation)\b/i,
  /\bmy\s+experience\s+(?:with|in|of)\s+[^.;]{1,60}?\s+is\s+(?:limited|restricted|mostly theoretical|only)\b/i,
  /\b(?:outside|beyond)\s+(?:of\s+)?(?:what\s+i(?:'ve|’ve| have)\s+done|my\s+experience)\b/i,
  /\bi\s+(?:wasn't|wasn’t|was not|was never)\s+(?:the one|responsible|in charge)\b/i,
  /\b(?:only|just)\s+(?:read about|heard about|watched|seen it|studied|tried it|in a course|in (?:a|my) (?:class|course|training)|at (?:university|school|college)|as a (?:participant|student|user|volunteer|spectator)|in theory)\b/i,
  /\bnot\s+in\s+a\s+(?:professional|work|real)\s+(?:setting|context|job|environment)\b/i,
  /\b(?:that's|that is|it's|it is)\s+not\s+(?:something|an area|a thing)\s+i(?:'ve| have)\s+(?:done|worked|had)\b/i,
  /\bi\s+(?:can't|cannot|can’t)\s+say\s+i\s+have\b/i,
  /\bnever\s+had\s+the\s+(?:chance|opportunity)\b/i,
];
/** "Not really", "No," or "Not yet" opening an answer to a question about having done something. */
const PLAIN_NO =
  /^\s*(?:(?:honestly|to be honest|well|um+|uh+|sadly|unfortunately)[,\s]+)?(?:(?:no|nope)[,.!—–-]|(?:not really|not yet|not as such|not directly|not personally|not exactly)\b)/i;
/**
 * The answer's opening sentence saying the person did not or never did something ("I did not write
 * one myself", "I've never organised one", "I have not been part of an audit"): the reply to the
 * question asked, so an admission. Words that make it a claim or a scene are left out ("I never
 * missed a deadline again", "I never gave up", "I did not expect…").
 */
const OPENING_NEGATION =
  /^\W*(?:(?:honestly|to be honest|unfortunately|sadly|actually|well|so|um+|uh+|no|nope)[,\s]+)*i(?:(?:'ve|’ve|\s+have|\s+had|\s+did|\s+was|\s+am|'m|’m)?\s+(?:not|never)\b|\s+(?:haven't|haven’t|didn't|didn’t|wasn't|wasn’t|dont|don't|don’t)\b)/i;
const CLAIM_OR_SCENE =
  /\b(?:not|never|n't|nt)\s+(?:only|just|once|stop|stopped|give up|gave up|forget|forgot|let|regret|regretted|hesitate|hesitated|doubt|doubted|expect|expected|think|thought|imagine|imagined|know|knew|want|wanted|like|liked|miss|missed|lose|lost|fail|failed|see|saw|hear|heard|mind|believe|sure)\b/i;
/** A question that asks whether the person has done or knows something ("Have you run…?", "Do you have experience with…?"). */
const ASKS_HAVE_YOU = /\b(?:have you(?: ever)?|do you have|did you(?: ever)?|are you familiar|have you had|any experience)\b/i;
/** Said of what came later, these tell a result, not an admission ("I have not made that mistake again"). */
const SINCE = /\b(?:again|since(?: then)?|anymore|any more|after that|from then on)\b/i;

/**
 * True when the text says the person has not done what was asked: one of the set ways of saying so,
 * or a plain "No" / "Not really" to a question that asks whether they have. "I have not made that
 * mistake again" is an outcome, not an admission.
 */
export function admitsNotHaving(text: string, question = ''): boolean {
  return admissionIn(text, question) !== undefined;
}

/** True when the opening sentence says the person did not or never did it (see OPENING_NEGATION). */
const opensWithNegation = (sentence: string): boolean => OPENING_NEGATION.test(sentence) && !CLAIM_OR_SCENE.test(sentence) && !SINCE.test(sentence);

/** The first sentence of the text that says the person has not done it (undefined when none does): the words to quote. */
export function admissionIn(text: string, question = ''): string | undefined {
  const sentences = text.split(/(?<=[.!?;])\s+/);
  const said = sentences.find((sentence) => !SINCE.test(sentence) && ADMISSIONS.some((pattern) => pattern.test(sentence)));
  if (said) return said;
  const opening = sentences[0] ?? '';
  // The first clause of the reply ("I did not write one myself, my professor wrote them").
  if (opensWithNegation(opening.split(/,\s|\s[-–—]\s/)[0] ?? opening)) return opening;
  // "No, …" or "Not yet." opening the reply: to "Have you…?", or said on its own as the whole first sentence.
  if (PLAIN_NO.test(opening) && (ASKS_HAVE_YOU.test(question) || opening.split(/\s+/).length <= 4)) return opening;
  return undefined;
}
