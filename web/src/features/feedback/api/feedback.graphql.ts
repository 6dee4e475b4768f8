import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AnswerFeedback, SnippetProgressResponse } from '@story/proto';

/** Every attempt at each question of a snippet's practice. */
export const SNIPPET_PROGRESS_QUERY: TypedDocumentNode<{ snippetProgress: SnippetProgressResponse }, { snippetId: string }> = gql`
  query SnippetProgress($snippetId: ID!) {
    snippetProgress(snippetId: $snippetId) {
      questions {
        question
        bestAnswerId
        attempts {
          answerId
          attempt
          overall
          best
          answeredAt
        }
      }
    }
  }
`;

/** Every field of an answer's feedback (the whole AnswerFeedback: the gateway counts its STAR parts and scores at their fixed number). */
const ANSWER_FEEDBACK_FIELDS = gql`
  fragment AnswerFeedbackFields on AnswerFeedback {
    answerId
    question
    answer
    source
    engine
    kind
    turns
    overall
    star {
      part
      present
      quotes {
        start
        end
        text
      }
      earlier {
        turn
        question
        start
        end
        text
      }
      prompt
    }
    next
    assessment {
      dimension
      score
      comment
      quote {
        start
        end
        text
      }
      requirement
    }
    delivery {
      durationSeconds
      wordCount
      wordsPerMinute
      fillers {
        word
        start
        end
        atSeconds
      }
      pauses {
        offset
        afterWord
        atSeconds
        seconds
      }
      length
      comment
      thinkingSeconds
    }
    attempt
    attempts
    best
    questionId
    answeredAt
    uncertain {
      start
      end
      text
    }
    corrected
  }
`;

/** An answer's feedback, null while it is not ready. */
export const ANSWER_FEEDBACK_QUERY: TypedDocumentNode<{ answerFeedback: AnswerFeedback | null }, { answerId: string }> = gql`
  query AnswerFeedback($answerId: ID!) {
    answerFeedback(answerId: $answerId) {
      ...AnswerFeedbackFields
    }
  }
  ${ANSWER_FEEDBACK_FIELDS}
`;

/** Corrects the transcript of one of the person's spoken answers: it is scored again, and the new feedback comes back. */
export const CORRECT_ANSWER_MUTATION: TypedDocumentNode<{ correctAnswer: AnswerFeedback }, { answerId: string; transcript: string }> = gql`
  mutation CorrectAnswer($answerId: ID!, $transcript: String!) {
    correctAnswer(answerId: $answerId, transcript: $transcript) {
      ...AnswerFeedbackFields
    }
  }
  ${ANSWER_FEEDBACK_FIELDS}
`;
