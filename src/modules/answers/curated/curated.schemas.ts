// Request and response schemas of the curated answers' routes.
import { Type } from 'typebox';
import { Nullable, Timestamp, Uuid } from '../../../http/envelope.js';
import { PageQuery } from '../../../http/pagination.js';
import { CURATED_LIMITS } from './wordings.js';

const QUESTION_ID_PATTERN = '^[0-9a-f]{64}$';
const QUESTION_ID_EXAMPLE = '3f1c9a0e5b7d2f4a6c8e0b1d3f5a7c9e1b3d5f7a9c0e2b4d6f8a0c2e4b6d8f0a';

export const CuratedAnswerSchema = Type.Object(
  {
    id: Uuid,
    chatbotId: Uuid,
    question: Type.String({ description: 'The question the answer answers.' }),
    alternatives: Type.Array(Type.String(), {
      description: 'Other ways visitors ask it, in the order given.',
    }),
    answer: Type.String({ description: 'What the chatbot replies, exactly as written.' }),
    fromQuestion: Nullable(
      Type.String({
        examples: [QUESTION_ID_EXAMPLE],
        description:
          'The id of the questions report’s entry (`GET /chatbots/{chatbotId}/questions`) the answer was written for; null when written on its own.',
      }),
    ),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'CuratedAnswer' },
);

export const AnswerParams = Type.Object({ chatbotId: Type.String(), answerId: Type.String() });

export const AnswerListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });

const Wording = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: CURATED_LIMITS.question,
    description: `${description} 1 to ${CURATED_LIMITS.question} characters, holding a word that says what is asked.`,
  });
const Alternatives = Type.Array(Wording('Another wording.'), {
  maxItems: CURATED_LIMITS.alternatives,
  description: `Other ways visitors ask the question (at most ${CURATED_LIMITS.alternatives}); none may repeat the question or another (case, accents and punctuation do not count).`,
});
const AnswerText = Type.String({
  minLength: 1,
  maxLength: CURATED_LIMITS.answer,
  description: `What the chatbot replies, verbatim: 1 to ${CURATED_LIMITS.answer.toLocaleString('en')} characters.`,
});

export const NewAnswerBody = Type.Object(
  {
    question: Type.Optional(
      Wording(
        'The question. Required unless `fromQuestion` is sent; then it defaults to that question’s wording.',
      ),
    ),
    alternatives: Type.Optional(Alternatives),
    answer: AnswerText,
    fromQuestion: Type.Optional(
      Type.String({
        pattern: QUESTION_ID_PATTERN,
        examples: [QUESTION_ID_EXAMPLE],
        description:
          'The `id` of an entry of the chatbot’s questions report the answer is written for: the report then shows this answer as covering it.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const AnswerPatch = Type.Object(
  {
    question: Type.Optional(Wording('The question.')),
    alternatives: Type.Optional(Alternatives),
    answer: Type.Optional(AnswerText),
  },
  { additionalProperties: false },
);
