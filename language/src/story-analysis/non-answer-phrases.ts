/** The phrases of what a person says that is not an answer (non-answers.ts), each with its kind. */

// prettier-ignore
export const NON_ANSWER_KINDS = [
  'repeat', 'wait', 'clarify', 'ideas', 'decline', 'goodbye', 'thanks', 'meta', 'off-topic', 'ready', 'greeting', 'filler',
] as const;

export type NonAnswerKind = (typeof NON_ANSWER_KINDS)[number];

export interface Phrase {
  kind: NonAnswerKind;
  pattern: RegExp;
  /** A bare "yes", "no" or "it did": an answer after a closed question ("Did the fix hold?"). */
  yesNo?: boolean;
  /** A verdict ("good", "really well"): an answer when the coach asked how something went. */
  verdict?: boolean;
  /** The phrase opens a question whose rest may be anything that tells no story ("What do you mean by …"). */
  open?: boolean;
  /** Its kind only when nothing else is said: "Sorry?" asks for the question again, "Sorry, what does … mean?" does not. */
  alone?: boolean;
}

const I_AM = String.raw`(?:i'm|im|i am)`;
const LETS = String.raw`(?:let's|lets|let us)`;
const DONT = String.raw`(?:don't|dont|do not)`;
const CANT = String.raw`(?:can't|cant|cannot|can not|couldn't|couldnt|could not)`;
const DIDNT = String.raw`(?:didn't|didnt|did not)`;
const THATS = String.raw`(?:that's|thats|that is)`;
const WHATS = String.raw`(?:what's|whats|what is)`;
const MOMENT = String.raw`(?:second|seconds|sec|secs|moment|moments|minute|minutes|min|mins|bit|tick|mo)`;
const QUESTION = String.raw`(?:the question|your question|that question|the last (?:part|bit|question)|what you (?:said|asked)|that|it|this)`;

/** What one is ready for: "to practise", "for my first question", "to start the interview", "when you are". */
const READY_FOR = String.raw`(?: now)?(?: (?:to (?:start|begin|go|roll|practi[cs]e|get started|answer|try|do (?:it|this|that|the (?:interview|practice|session))|give it a (?:go|try|shot)|(?:start|begin|do) (?:the |my |our |this )?(?:interview|practice|session|mock interview))|for (?:it|this|that|(?:the|your|my) (?:first |next )?questions?|(?:the|my|an?|this|our) (?:interview|practice|session|mock interview|questions?))))?(?: now)?(?: when(?:ever)? you are)?`;

const phrase = (kind: NonAnswerKind, source: string, options: Omit<Phrase, 'kind' | 'pattern'> = {}): Phrase => ({
  kind,
  pattern: new RegExp(`(?:${source})(?=\\s|$)`, 'y'),
  ...options,
});

/** The phrases, each matched at the start of what is left of a part of the message; the longest match wins. */
export const PHRASES: readonly Phrase[] = [
  // ---- asking for the question again
  phrase(
    'repeat',
    String.raw`(?:can|could|would|will) you (?:please )?(?:repeat|say|ask|read|rephrase|reword|put|go over)(?: (?:${QUESTION}|me the question))?(?: (?:again|one more time|once more|differently|another way|in other words|more slowly|slower))?(?: please)?`,
  ),
  phrase('repeat', String.raw`(?:please )?(?:repeat|rephrase|reword)(?: ${QUESTION})?(?: (?:again|please))?`),
  phrase('repeat', String.raw`say (?:that|it) again`),
  phrase('repeat', String.raw`(?:sorry|pardon|pardon me|excuse me|what|huh|eh)`, { alone: true }),
  phrase('repeat', String.raw`come again|sorry what|what was that|what's that|whats that`),
  phrase('repeat', String.raw`(?:${WHATS}|what was|which was) (?:the|your|that) question(?: again)?`),
  phrase('repeat', String.raw`what did you (?:just )?(?:say|ask)`),
  phrase(
    'repeat',
    String.raw`(?:i )?(?:${DIDNT}|${CANT}) (?:quite )?(?:catch|hear|get|understand|make out|follow)(?: ${QUESTION}| you)?(?: (?:properly|clearly|well|fully))?`,
  ),
  phrase('repeat', String.raw`(?:i )?(?:missed|lost) (?:${QUESTION}|you)`),
  // A bare "again" is not one: it may pick what to practise again.
  phrase('repeat', String.raw`(?:one more time|once more|again) please|(?:say|ask|read) (?:it|that|the question) (?:one more time|once more)`),
  phrase('repeat', String.raw`you (?:cut|broke) (?:out|up)|you're breaking up|youre breaking up|the (?:audio|sound|line) (?:cut out|is bad|dropped)`),
  phrase('repeat', String.raw`(?:can|could) (?:i|we) (?:hear|have|get) (?:the question|that|it) again`),
  // ---- a moment to think
  phrase(
    'wait',
    String.raw`(?:give|let|allow) me (?:a|one|just a|a few|some|a couple of?|a little) ${MOMENT}(?: to (?:think|gather my thoughts|remember|recall))?`,
  ),
  phrase('wait', String.raw`(?:just )?(?:a|one) ${MOMENT}(?: please)?`),
  phrase(
    'wait',
    String.raw`let me (?:think about (?:it|that|this)|think of (?:one|something|an example|a good one)|gather my thoughts|collect my thoughts|think|see|remember|recall|reflect)(?: (?:for a|a) ${MOMENT})?`,
  ),
  phrase(
    'wait',
    String.raw`(?:hold|hang) on(?: a ${MOMENT})?|wait(?: a ${MOMENT})?|bear with me|thinking|(?:i'm |im |i am )?(?:still )?thinking(?: about it)?`,
  ),
  phrase('wait', String.raw`(?:i )?(?:need|want) (?:a|some|a little|a few) (?:${MOMENT}|time)(?: to think)?`),
  phrase('wait', String.raw`(?:can|could|may) i (?:have|take|get) (?:a|one|some|a little) (?:${MOMENT}|time)(?: to think)?`),
  phrase('wait', String.raw`(?:${THATS}|what|it's|its)? ?(?:a |an |such a )?(?:good|great|tough|hard|interesting|difficult|tricky|big) (?:question|one)`),
  phrase('wait', String.raw`(?:${I_AM} )?(?:trying to )?(?:think|thinking) (?:of|about) (?:one|something|an example|it|a good one)`),
  // ---- a question about the question
  phrase('clarify', String.raw`what (?:do|did) you mean(?: by)?`, { open: true }),
  phrase(
    'clarify',
    String.raw`(?:does|do|should|must|can|could|may|would|will|is|am) (?:it|i|my (?:answer|example|story)|the (?:example|answer|story)|that) (?:have to|has to|need to|needs to|be|use|talk|pick|choose|give|share|describe|mention|tell|include|go|take|count|matter|allowed|okay|ok|fine|answer|focus|start|keep)`,
    { open: true },
  ),
  phrase(
    'clarify',
    String.raw`(?:do you (?:want|need|mean|prefer|expect|care)|are you (?:looking for|asking (?:about|for))|is it (?:ok|okay|fine|alright|all right) (?:if|to)|would it be (?:ok|okay|fine)|what counts as|what does|how (?:long|detailed|much detail|specific|technical|far back)|like what|for example|such as|which (?:one|example|job|role|project|kind)|what (?:kind|sort|type) of)`,
    { open: true },
  ),
  phrase('clarify', String.raw`(?:in )?what (?:way|sense)|(?:meaning|you mean) what`),
  // ---- asking for ideas
  phrase('ideas', String.raw`what (?:should|can|do|could|shall) i (?:talk|say|share|tell|speak|write)(?: (?:about|you|here))?`),
  phrase('ideas', String.raw`(?:${I_AM} )?not sure what to (?:say|talk about|share|tell you|pick)`),
  phrase('ideas', String.raw`(?:i )?${DONT} know what to (?:say|talk about|share|tell you|pick)`),
  phrase(
    'ideas',
    String.raw`(?:can you )?(?:give me|any|got any|do you have) (?:an? |some )?(?:idea|ideas|suggestion|suggestions|topic|topics|prompt|hint|hints|example)`,
  ),
  phrase('ideas', String.raw`where (?:do|should|can) i (?:start|begin)|help(?: me)?(?: (?:start|get started|think|out))?`),
  phrase('wait', String.raw`(?:i )?(?:lost|have lost|'ve lost) my (?:train of thought|thread|thoughts)`),
  phrase(
    'clarify',
    String.raw`(?:${I_AM} )?not sure (?:i |that i )?(?:understand|follow|get) (?:the question|your question|you|what you mean)|(?:i )?${DONT} (?:quite |really )?(?:understand|follow|get) (?:the question|your question|what you mean)`,
  ),
  // ---- no answer to give
  phrase('decline', String.raw`(?:i )?${DONT} (?:really )?know(?: (?:really|honestly|sorry))?`),
  phrase('decline', String.raw`(?:i )?(?:${DONT}|${CANT}) (?:really )?(?:remember|recall)(?: (?:it|that|anything|much|the details|one))?`),
  phrase(
    'decline',
    String.raw`(?:i )?(?:${DONT}|${CANT}) (?:really )?(?:have|got|think of|come up with) (?:an?|any|one|that kind of|such an?|anything|something|a good) ?(?:example|answer|story|experience|idea|time|situation|one)?s?(?: (?:for|of|about|like) (?:that|this|it|one))?`,
  ),
  phrase(
    'decline',
    String.raw`(?:i )?(?:have|got|had|i've got|ive got) (?:nothing|no (?:example|answer|idea|clue|story)s?)(?: (?:for|about) (?:that|this|it))?`,
  ),
  phrase('decline', String.raw`no idea|no clue|not sure|(?:${I_AM}) not sure|dunno|idk|beats me|nothing|none|no|nope|nah|not really|never mind|nevermind`, {
    yesNo: true,
  }),
  phrase(
    'decline',
    String.raw`(?:i'd|i would|id) rather (?:not|skip|pass)(?: (?:say|answer|talk about (?:it|that)|on|(?:it|this|that)(?: one| question)?))?|rather not|(?:i )?pass|i'll pass|ill pass`,
  ),
  phrase(
    'decline',
    String.raw`(?:i've|ive|i have) never (?:done|had|been in|faced|experienced|led|managed|dealt with|seen) (?:that|this|one|it|anything like (?:that|this)|such a (?:thing|situation))`,
    { yesNo: true },
  ),
  phrase('decline', String.raw`(?:skip|next)(?: (?:it|this|that|one|question|this one|that one|this question|the question))?`),
  phrase(
    'decline',
    String.raw`(?:i'd|i would|id) (?:rather|prefer to) (?:talk|speak) about (?:something|anything) else(?: (?:if (?:that's|that is|thats) (?:ok(?:ay)?|alright|fine)|please))?`,
  ),
  // "Can I skip this?", "Let's skip this question please", "I'd like to pass on this one": skipping (issue 38, 6).
  phrase(
    'decline',
    String.raw`(?:${LETS} |(?:can|could|may|shall) (?:i|we) |(?:i'd|i would|id|we'd|we would) (?:like|prefer|rather) (?:to )?|i want to |(?:please )?(?:just )?)(?:skip|pass on|pass|move past|move on from|leave|drop)(?: (?:this question|that question|the question|this one|that one|for now|for the moment|it|this|that|one))*(?: (?:please|for now|if that's ok(?:ay)?|if that is ok(?:ay)?|if possible))*`,
  ),
  phrase(
    'decline',
    String.raw`(?:(?:i'd|i would|id) like |can i have |could i (?:have|get) |(?:please )?give me )?(?:(?:another|a different|the next|a new|an easier|a simpler) (?:one|question))(?: please)?|(?:can|could|shall|may) (?:we|i) (?:skip|move on|pass|do (?:another|a different|the next) (?:one|question)|try (?:another|a different) (?:one|question)|have (?:another|a different) (?:one|question))(?: (?:this one|that one|this question|it|to the next (?:one|question)))?`,
  ),
  phrase(
    'decline',
    String.raw`(?:${LETS} )?move on|nothing comes to mind|(?:i )?(?:got|i've got|ive got) nothing|(?:${I_AM} )?(?:blanking|drawing a blank|stuck)|my mind (?:is|went) blank|(?:i )?${DONT} think (?:i (?:have|can)|so)(?: one)?`,
  ),
  // ---- thanks and goodbye
  phrase(
    'thanks',
    String.raw`(?:thanks|thank you|thank u|thx|ty|many thanks|cheers)(?: (?:so much|very much|a lot|again|coach))?(?: for (?:your|the|this|that|having me|asking|today|everything|listening)(?: (?:practice|session|help|time|questions|question|feedback))?)?`,
  ),
  phrase(
    'goodbye',
    String.raw`bye|goodbye|good bye|bye bye|see you(?: (?:later|soon|next time|tomorrow))?|see ya|talk (?:to you )?(?:later|soon)|ciao|take care|have a (?:good|nice|great) (?:day|one|evening|night)|good night`,
  ),
  phrase('goodbye', String.raw`${THATS} (?:all|it|everything)(?: (?:for (?:now|today|me)|from me|i have))?`),
  phrase('goodbye', String.raw`(?:i think )?(?:${I_AM}|we're|we are) (?:done|finished|through)(?: (?:for (?:now|today)|here))?`),
  phrase('goodbye', String.raw`(?:i )?(?:have to|need to|gotta|got to|must) (?:go|leave|run|stop|hop off)(?: now)?`),
  phrase(
    'goodbye',
    String.raw`(?:${LETS}|can we|could we|i want to|i'd like to|we can) (?:stop|end|finish|wrap up|call it a day|pause|take a break)(?: (?:here|now|for (?:now|today)|the (?:interview|session|practice)|it here))?`,
  ),
  phrase('goodbye', String.raw`(?:end|stop|finish|quit|exit)(?: (?:the )?(?:interview|session|practice|conversation))?`),
  // ---- about the coach, or the microphone
  phrase(
    'meta',
    String.raw`who are you|what are you|are you (?:a (?:bot|robot|person|human|real person|machine)|an ai|human|real|a real person|there|listening|recording|still there)|what can you do`,
  ),
  phrase(
    'meta',
    String.raw`how does (?:this|it) work|what is this|${WHATS} this|what (?:should|do|am) i (?:supposed to )?do(?: (?:now|here|next))?|what happens (?:now|next)|how do i (?:start|begin|answer|do this)`,
  ),
  phrase(
    'meta',
    String.raw`is (?:this|it) (?:thing )?(?:working|recording|on)|(?:can|do) you hear me|(?:can|do) you see (?:this|me|my (?:message|text))|did (?:that|it) (?:work|go through|send)|you there`,
  ),
  phrase('meta', String.raw`(?:testing|test|mic check|check)(?: (?:testing|test|one|two|three|1|2|3|123|mic|check))*`),
  // ---- something else entirely
  phrase('off-topic', String.raw`(?:tell me|do you know|know any|got any) (?:a |any |some )?(?:good |funny )?(?:joke|jokes|riddle|riddles|poem|fun fact)`),
  phrase(
    'off-topic',
    String.raw`(?:${WHATS}|how's|hows|how is) the (?:weather|time|date|news|score)(?: (?:like|today|now|there|outside))*|what time is it|what day is it|sing (?:me )?a song`,
  ),
  // ---- ready to begin
  phrase('ready', String.raw`${I_AM} (?:(?:so |really |totally )?(?:ready|all set|set|good to go|here|prepared|listening))${READY_FOR}`),
  phrase('ready', String.raw`ready${READY_FOR}`),
  phrase(
    'ready',
    String.raw`${LETS} (?:go|start|begin|do (?:it|this|that)|get (?:started|going|into it)|get this (?:started|going)|roll|kick off|dive in)(?: (?:with|on) (?:the|this|my|our|a) (?:interview|practice|session|mock interview|first question|questions?))?`,
  ),
  phrase(
    'ready',
    String.raw`${I_AM} (?:(?:so|really|very) )?(?:excited|happy|glad|eager|keen|looking forward|here) (?:to (?:practi[cs]e|start|begin|be here|do this|get started|try this)|for (?:this|the (?:interview|practice|session)))(?: (?:today|now|with you))?`,
  ),
  phrase('ready', String.raw`go ahead|go for it|fire away|shoot|ask away|bring it on|hit me|${I_AM} all ears|go on|carry on|continue|proceed|begin|start`),
  phrase(
    'ready',
    String.raw`(?:please )?ask (?:me )?(?:the|your|a) (?:first |next )?question|${WHATS} the (?:first )?question|(?:can|shall|should) we (?:start|begin|get started|go)|start the (?:interview|practice|session)`,
  ),
  phrase('ready', String.raw`sounds good|that works|works for me|i'm in|im in`),
  // ---- hello
  phrase('greeting', String.raw`(?:hi|hello|hey|hiya|howdy|yo|greetings|hola)(?: (?:there|everyone|all|again|coach|team))?`),
  phrase('greeting', String.raw`good (?:morning|afternoon|evening|day)|morning|evening`),
  // Only a name: "my name is Sam", "this is Sam", "I'm Sam" (before "and" or the end of the part, so "I'm responsible for…" is not one).
  phrase('greeting', String.raw`(?:my name is|this is|${I_AM}) [a-z]+(?: [a-z]+)?(?=(?: and)?(?:\s|$))`, { alone: true }),
  phrase('greeting', String.raw`(?:it's |its )?(?:nice|good|great|pleased|lovely) to (?:meet|see) you(?: too)?|nice to be here|good to be here`),
  phrase(
    'greeting',
    String.raw`how are you(?: doing)?(?: today)?|how's it going|hows it going|how are things|what's up|whats up|${I_AM} (?:good|fine|well|great|ok|okay|doing well)(?: (?:thanks|thank you))?(?: and you)?`,
  ),
  // ---- a word that says nothing
  phrase(
    'filler',
    String.raw`yes|yeah|yea|yep|yup|ya|sure|right|absolutely|definitely|of course|exactly|indeed|true|correct|(?:i|we|it|they|he|she) (?:did|didn't|didnt|was|wasn't|wasnt|were|weren't|do|don't|does|doesn't|have|haven't|had|hadn't|would|wouldn't|will|won't)(?: not)?`,
    { yesNo: true },
  ),
  phrase(
    'filler',
    String.raw`(?:(?:really|very|pretty|quite|not (?:so|too|that|very)) )?(?:ok|okay|alright|all right|fine|cool|great|nice|good|well|perfect|awesome|excellent|lovely|bad|badly)`,
    { verdict: true },
  ),
  phrase(
    'filler',
    String.raw`k|kk|mhm+|mm+|hm+|uh huh|um+|uh+|er+m?|ah+|oh+|wow|whoa|oof|gosh|jeez|phew|so|and|but|please|anyway|honestly|actually|basically|like|really|just|then|now|for now|for today|here|there|too|also|sorry|i see|i guess|got it|understood|noted|makes sense|fair enough|no problem|sure thing`,
  ),
];
