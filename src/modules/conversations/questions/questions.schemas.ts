// Request and response schemas of the questions report and of a visitor's rating of an answer.
import { Type } from 'typebox';
import { Nullable, Timestamp } from '../../../http/envelope.js';
import { PageQuery } from '../../../http/pagination.js';
import { RATINGS } from './questions.table.js';

export const QuestionListQuery = Type.Object(
  {
    ...PageQuery,
    answered: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          '`false` (default): questions the chatbot could not answer from its knowledge and questions whose answer a visitor rated down. `true`: questions it answered, without down-rated answers.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const QuestionSchema = Type.Object(
  {
    id: Type.String({
      description: "The question's normalised form, hashed: stable while the question is asked.",
    }),
    text: Type.String({ description: 'The latest wording a visitor used.' }),
    count: Type.Integer({
      description: 'How often it was asked (in the listed sense: unanswered or down-rated, or answered).',
    }),
    notAnswered: Type.Integer({ description: 'Of these, the times the chatbot could not answer.' }),
    downRated: Type.Integer({ description: 'Of these, the times a visitor rated the answer down.' }),
    lastAskedAt: Timestamp,
    curatedAnswerId: Nullable(
      Type.String({
        format: 'uuid',
        description:
          "The team's curated answer that now covers the question (`GET /chatbots/{chatbotId}/answers/{answerId}`): the one written for it " +
          '(`fromQuestion`), else one whose question or other wording it matches, else the one that last answered it; null when none does.',
      }),
    ),
  },
  { title: 'Question' },
);

export const FeedbackParams = Type.Object({
  chatbotId: Type.String(),
  threadId: Type.String({ maxLength: 200 }),
  messageId: Type.String({ maxLength: 200 }),
});

export const FeedbackBody = Type.Object(
  { rating: Type.Enum(RATINGS, { description: '`up`: the answer helped; `down`: it did not.' }) },
  { additionalProperties: false },
);

export const FeedbackSchema = Type.Object(
  {
    messageId: Type.String(),
    rating: Type.Enum(RATINGS),
    ratedAt: Timestamp,
  },
  { title: 'AnswerFeedback' },
);
