// Request and response schemas of a chatbot's analytics.
import { Type } from 'typebox';
import { Nullable } from '../../http/envelope.js';

const Day = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description, examples: ['2026-11-01'] });

export const AnalyticsQuery = Type.Object(
  {
    from: Type.Optional(Day('The first day (UTC), included. Default: 29 days before `to`.')),
    to: Type.Optional(Day('The last day (UTC), included. Default: today.')),
  },
  { additionalProperties: false },
);

export const Analytics = Type.Object(
  {
    from: Day('The first day counted.'),
    to: Day('The last day counted.'),
    conversations: Type.Integer({ description: 'Conversations started in the range.' }),
    daily: Type.Array(Type.Object({ date: Day('A day (UTC).'), conversations: Type.Integer() }), {
      description: 'Every day of the range, oldest first.',
    }),
    questions: Type.Object({
      asked: Type.Integer({
        description:
          'Questions the chatbot was asked (small talk, contact details and requests for a person are not questions).',
      }),
      answered: Type.Integer({ description: 'Of those, answered from knowledge or a curated answer.' }),
      answeredShare: Nullable(
        Type.Number({ minimum: 0, maximum: 1, description: 'answered / asked; null when none was asked.' }),
      ),
    }),
    handovers: Type.Integer({
      description: 'Conversations handed to the team in the range (by their latest handover).',
    }),
    firstHumanReply: Type.Object({
      replied: Type.Integer({ description: 'Of those handovers, how many a person has replied to.' }),
      medianSeconds: Nullable(
        Type.Number({ description: 'Median time from the handover to the first reply of a person.' }),
      ),
      averageSeconds: Nullable(Type.Number()),
    }),
    resolutions: Type.Integer({ description: 'Conversations resolved in the range.' }),
    ratings: Type.Object(
      { up: Type.Integer(), down: Type.Integer() },
      { description: 'Visitors’ ratings of answers, given in the range.' },
    ),
    topUnanswered: Type.Array(
      Type.Object({
        id: Type.String({
          description: 'The entry of the questions report (`GET /chatbots/{chatbotId}/questions`).',
        }),
        text: Type.String({ description: 'A wording of it, email addresses and phone numbers masked.' }),
        count: Type.Integer(),
      }),
      { description: 'The questions it could not answer most often in the range (at most 10).' },
    ),
  },
  { title: 'Analytics' },
);
