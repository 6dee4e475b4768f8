import { admitsNotHaving, namesOutcome, statesMeasuredResult, tellsFinding, tellsSetback, type StoryElement } from '@story/language';

/** A clause as the story's order reads it: its text and the elements found in it (changed in place). */
export interface OrderedClause {
  text: string;
  elements: Set<StoryElement>;
}

const STAR_ELEMENTS: readonly StoryElement[] = ['situation', 'task', 'action', 'teamAction', 'result'];
const isStep = (clause: OrderedClause): boolean => clause.elements.has('action') || clause.elements.has('teamAction');
const tellsPart = (clause: OrderedClause): boolean => STAR_ELEMENTS.some((element) => clause.elements.has(element));

/** What the person would do or usually does: told of no event, so no part of a story. */
const WOULD_DO = /\b(?:i would|i'd|i will|i'll|i usually|i normally|i generally|i tend to|i always|you (?:always )?have to|you should)\b/i;
/** A clause of the person's own doing said in the present, as speakers of other languages often tell the past ("i call the technician"). */
const PRESENT_STEP =
  /^(?:(?:and|then|so|after that|first|next)\s+)*(i|we)\s+(?:then\s+|also\s+|first\s+)?(?:call|move|check|fix|talk|ask|tell|send|write|build|make|create|organi[sz]e|train|show|explain|meet|prepare|plan|contact|speak|put|take|give|bring|change|replace|clean|test|review|sit|decide|start|stop|open|close|cancel|book|order|update|install|find)\b/i;
/**
 * A step that tells how it ended, said last ("We restored the service in two hours", "we reached the
 * semi-finals", "I passed the second time"): an achievement, or a step done by a time or within a budget.
 */
/** Verbs that tell an outcome reached wherever they stand after the first step ("we restored the service", "we won the account"). */
const REACHED =
  /\b(?:i|we|they|everyone|everybody)\s+(?:\w+\s+)?(?:restored|recovered|reached(?! out)|won|passed|secured|beat|hit (?:the|our|every)|met (?:the|our|every|all) (?:deadline|target|goal|sla)|kept (?:every|all|the|our) (?:\w+ )?(?:clients?|customers?|jobs?|staff|accounts?))\b/i;
const ACHIEVED =
  /\b(?:i|we|they|everyone|everybody)\s+(?:\w+\s+)?(?:reached|won|kept|finished|met|passed|hit|restored|recovered|saved|secured|beat|got (?:the|a|an|our|my|first|second|third|top|best|highest|through|back|it|everything)|made it|managed to|completed|closed (?:the|a|an|every|all)|delivered|launched|shipped|reopened|signed (?:with|the|a)|solved|resolved|fixed)\b/i;
const BY_A_TIME =
  /\b(?:on time|in time|ahead of|under budget|on budget|within (?:the|a|an|\d|one|two|three|four|five|six|seven|eight|nine|ten|hours?|days?|weeks?|minutes?)|in (?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|a few|a couple of|under an?|less than an?|just) ?(?:\w+ )?(?:minutes?|hours?|days?|weeks?|months?)|the same (?:day|night|week|afternoon|evening|morning)|the next (?:day|morning|week|month)|by (?:the end of|friday|monday|the deadline)|first time|with no (?:faults|errors|downtime|issues|problems)|without (?:delay|a hitch|downtime|issues))\b/i;
/** Words of a clause that tell how it ended. */
const tellsAnEnding = (text: string): boolean => ACHIEVED.test(text) || BY_A_TIME.test(text) || namesOutcome(text) || statesMeasuredResult(text);
/** A test, a measurement or a survey run: a step of the work, not the scene and not the outcome ("We did a load test of 40 scanners"). */
const TEST_RUN =
  /\b(?:(?:i|we)\s+(?:\w+\s+)?(?:ran|did|set up|carried out|performed|conducted|organised|organized|started)\s+(?:a|an|the|some|two|three|several)?\s*(?:[\w-]+\s+){0,2}(?:tests?|trials?|benchmarks?|experiments?|pilots?|surveys?|audits?|measurements?)|(?:i|we)\s+(?:\w+\s+)?(?:measured|tested|benchmarked|load-tested|timed|sampled))\b/i;
/** A clause that starts with the person or their team as its subject ("I…", "and then we…"). */
const PERSON_FIRST = /^\W*(?:(?:and|then|so|but|also|after that)\s+)*(?:i|we)\b/i;
/** How a scene is set inside a clause that also tells a step ("When I started as a junior accountant I sent…", "At my last job I…"). */
const SCENE_IN_STEP =
  /\b(?:when|while|after|before) (?:i|we) (?:was|were|worked|joined|started|moved|had)\b|^(?:\W*(?:so|but)\s+)?(?:at|in|during|on) (?:my|our|the|a|an)\b/i;
/** A lesson, said as such ("I learned to…"): a result only when it says what changed. */
const LESSON = /\b(?:i|we) (?:learned|learnt|realised|realized)\b/i;

/**
 * Gives the clauses the STAR parts their place in the story tells, the way an interview coach reads
 * one (issue 38, 3): what the person would do, or says they have not done, tells no part; what a look
 * at the problem found is a step; what is said before the first step sets the scene (a setback or a
 * figure there is the situation, not the outcome); what is said after the last step tells how it
 * ended, numbers or not, and so does a last step done by a time or reaching something ("We restored
 * the service in two hours").
 */
export function placeInStory(clauses: readonly OrderedClause[]): void {
  for (const clause of clauses) {
    if ((WOULD_DO.test(clause.text) && !isStep(clause)) || admitsNotHaving(clause.text)) {
      for (const element of STAR_ELEMENTS) clause.elements.delete(element);
      continue;
    }
    const tester = TEST_RUN.exec(clause.text)?.[0];
    if (tester && !namesOutcome(clause.text)) {
      clause.elements.delete('situation');
      clause.elements.delete('result');
      if (!isStep(clause)) clause.elements.add(/^we\b/i.test(tester) ? 'teamAction' : 'action');
    }
    const present = PRESENT_STEP.exec(clause.text)?.[1]?.toLowerCase();
    if (present && !isStep(clause)) clause.elements.add(present === 'i' ? 'action' : 'teamAction');
    if (tellsFinding(clause.text) && !namesOutcome(clause.text)) {
      clause.elements.delete('result');
      clause.elements.delete('situation');
      if (!isStep(clause)) clause.elements.add('action');
    }
  }
  const told = clauses.filter((clause) => !admitsNotHaving(clause.text));
  const firstStep = told.findIndex(isStep);
  if (firstStep < 0) return;
  // The last steps of the story, said as how it ended.
  for (let index = told.length - 1; index > firstStep; index--) {
    const clause = told[index];
    if (!clause || !isStep(clause)) continue;
    // A step done in a time tells the ending only as the story's last words ("We restored the service in two hours.");
    // what others did last, read as an outcome ("The team agreed to change only the payment page"), is how it ended.
    const byOthers = clause.elements.has('result') && !PERSON_FIRST.test(clause.text);
    const ends =
      byOthers ||
      ACHIEVED.test(clause.text) ||
      namesOutcome(clause.text) ||
      statesMeasuredResult(clause.text) ||
      (index === told.length - 1 && BY_A_TIME.test(clause.text));
    if (!ends || tellsFinding(clause.text)) break;
    clause.elements.delete('action');
    clause.elements.delete('teamAction');
    clause.elements.delete('situation');
    clause.elements.add('result');
  }
  told.forEach((clause, index) => {
    if (index <= firstStep || !isStep(clause) || !REACHED.test(clause.text) || tellsFinding(clause.text)) return;
    clause.elements.delete('action');
    clause.elements.delete('teamAction');
    clause.elements.add('result');
  });
  const lastStep = told.findLastIndex(isStep);
  // A story that opens with what was done, then says how things stood, before more steps: the opening sets the scene too
  // ("We planned an outdoor event for three hundred people. The morning of the event it started raining hard. I called…").
  const opening = told[0];
  const then = told[1];
  if (firstStep === 0 && opening && then && !isStep(then) && !then.elements.has('result') && lastStep > 1 && !opening.elements.has('task'))
    opening.elements.add('situation');
  told.forEach((clause, index) => {
    if (WOULD_DO.test(clause.text)) return;
    if (index < firstStep) {
      // Before anything was done: the scene, a figure or a setback included, unless the words name the outcome.
      if (clause.elements.has('result') && !namesOutcome(clause.text)) clause.elements.delete('result');
      if (!clause.elements.has('task')) clause.elements.add('situation');
      return;
    }
    if (index > lastStep) {
      if (clause.text.trim().endsWith('?') || clause.text.split(/\s+/).length < 3) return;
      if (LESSON.test(clause.text) && !tellsAnEnding(clause.text)) return;
      // What went wrong is the scene the person acted in, even said last (issue 38, 3).
      if (tellsSetback(clause.text) && !namesOutcome(clause.text)) {
        clause.elements.delete('result');
        clause.elements.add('situation');
        return;
      }
      // After the last step: how it ended, even where it names a place or a team.
      clause.elements.delete('situation');
      if (!clause.elements.has('task')) clause.elements.add('result');
      return;
    }
    if (!tellsPart(clause) && tellsSetback(clause.text)) clause.elements.add('situation');
    // A later step names the client or the team it was done with; that sets no scene unless the clause opens one.
    if (index > firstStep && isStep(clause) && !SCENE_IN_STEP.test(clause.text) && !tellsSetback(clause.text)) clause.elements.delete('situation');
  });
}
