// The questions report (conversations:read): what visitors asked that the chatbot could not answer, or
// whose answer they rated down, grouped by question and most frequent first.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Core } from '../../../core.js';
import { principalOf } from '../../../http/auth.js';
import { ChatbotParams, ListEnvelope, errors } from '../../../http/envelope.js';
import { listPage } from '../../../http/pagination.js';
import { groupCursorId } from './questions.repository.js';
import { presentQuestion } from './questions.presenter.js';
import { QuestionListQuery, QuestionSchema } from './questions.schemas.js';
import type { QuestionsService } from './questions.service.js';

export interface QuestionRoutesDeps extends Pick<Core, 'paginator'> {
  questions: QuestionsService;
}

export async function questionRoutes(fastify: FastifyInstance, { questions, paginator }: QuestionRoutesDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/chatbots/:chatbotId/questions',
    {
      config: { permission: 'conversations:read' },
      schema: {
        summary: 'List visitor questions (unanswered by default)',
        description:
          'Visitor questions grouped by their normalised form (case, accents, punctuation and spacing do not count), ' +
          'most frequent first, then most recently asked. With `answered=false` (the default): questions the chatbot could not answer ' +
          'from its knowledge and questions whose answer a visitor rated down (`POST /widget/…/feedback`), so the team can fill the gaps.',
        tags: ['Conversations'],
        params: ChatbotParams,
        querystring: QuestionListQuery,
        response: {
          200: ListEnvelope(Type.Object({ questions: Type.Array(QuestionSchema) })),
          ...errors(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const { chatbotId } = request.params;
      const answered = request.query.answered ?? false;
      return listPage(request, paginator, {
        list: 'questions',
        scope: chatbotId,
        filters: { answered },
        fetch: (page) => questions.listQuestions(principalOf(request).accountId, chatbotId, answered, page),
        keyOf: (row) => ({ at: row.count, id: groupCursorId(row) }),
        present: (items) => ({ questions: items.map(presentQuestion) }),
      });
    },
  );
}
