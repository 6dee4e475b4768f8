/**
 * The coach's open invitations to tell a story ("What story do you tell friends about your work?",
 * "Which experience would you like to capture today?"), told apart from an interview question ("Tell
 * me about a time you led a team"). The first reply to an invitation starts a story: it is heard and
 * followed up, never graded as an interview answer (issue 38, 3).
 */

/** Words of an invitation: the person chooses what to tell. */
const INVITATION =
  /\b(?:(?:you(?:'d| would)?|you'd) (?:like|love|want) to (?:tell|share|talk about|capture|start with|explore|begin with)|(?:you )?find yourself telling|tell (?:your )?friends|(?:a|the|one) story (?:from|about) your|what(?:'s| is) on your mind|where (?:shall|should|would you like to|do you want to) (?:we )?start|which (?:experience|story|moment|memory)|what (?:story|moment|memory|experience)|(?:is there|do you have) (?:a |any )?(?:story|moment|memory|experience)|anything (?:you'd like|you would like|you want) to (?:tell|share)|tell me (?:a story|something) (?:about yourself|from your (?:work|career|life))|think of a time|stuck with you|would you like to (?:tell|share|capture|start))\b/i;
/** Words of an interview question: a set kind of event the person is asked about. */
const INTERVIEW_QUESTION =
  /\b(?:tell me about (?:a|an|the) (?:time|situation|occasion|project)|describe (?:a|an|the) (?:time|situation|occasion)|give me an example|walk me through|how did you|have you (?:ever )?(?:\w+ed|run|led|built|done)|what did you do when)\b/i;

/** True when the coach's turn is an open invitation to tell any story, not an interview question. */
export const isOpenInvitation = (question: string): boolean => INVITATION.test(question) && !INTERVIEW_QUESTION.test(question);
