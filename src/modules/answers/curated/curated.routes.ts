// The curated answers of a chatbot: list, create (on its own or for a question of the report), read,
// update, delete. Permissions: answers:read, answers:write.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Core } from '../../../core.js';
import { principalOf } from '../../../http/auth.js';
import { ChatbotParams, Envelope, ListEnvelope, errors, ok } from '../../../http/envelope.js';
import { listPage } from '../../../http/pagination.js';
import { presentCuratedAnswer } from './curated.presenter.js';
import {
  AnswerListQuery,
  AnswerParams,
  AnswerPatch,
  CuratedAnswerSchema,
  NewAnswerBody,
} from './curated.schemas.js';
import type { CuratedAnswersService } from './curated.service.js';

export interface CuratedRoutesDeps extends Pick<Core, 'paginator'> {
  curatedAnswers: CuratedAnswersService;
}

const TAGS = ['Curated answers'];
const AnswerEnvelope = Envelope(Type.Object({ answer: CuratedAnswerSchema }));

export async function curatedAnswerRoutes(
  fastify: FastifyInstance,
  { curatedAnswers: service, paginator }: CuratedRoutesDeps,
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/chatbots/:chatbotId/answers',
    {
      config: { permission: 'answers:read' },
      schema: {
        summary: 'List curated answers',
        description: 'Newest first (by createdAt).',
        tags: TAGS,
        params: ChatbotParams,
        querystring: AnswerListQuery,
        response: {
          200: ListEnvelope(Type.Object({ answers: Type.Array(CuratedAnswerSchema) })),
          ...errors(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const { chatbotId } = request.params;
      return listPage(request, paginator, {
        list: 'curated-answers',
        scope: chatbotId,
        fetch: (page) => service.list(principalOf(request).accountId, chatbotId, page),
        keyOf: (row) => ({ at: row.created_at, id: row.id }),
        present: (items) => ({ answers: items.map(presentCuratedAnswer) }),
      });
    },
  );

  app.post(
    '/chatbots/:chatbotId/answers',
    {
      config: { permission: 'answers:write', idempotent: true },
      schema: {
        summary: 'Add a curated answer',
        description:
          'The team’s own answer to a question: when a visitor asks it (in these words, other forms of them, or other wordings the ' +
          'answer lists), the chatbot replies with `answer` exactly as written, before looking at any knowledge source. ' +
          'With `fromQuestion` (the `id` of an entry of `GET /chatbots/{chatbotId}/questions`) the answer is written for that question: ' +
          '`question` defaults to its wording, and the report shows the answer as covering it. ' +
          'A question or other wording another curated answer of the chatbot has already is 409 `duplicate_question`. ' +
          'Accepts an Idempotency-Key header.',
        tags: TAGS,
        params: ChatbotParams,
        body: NewAnswerBody,
        response: { 201: AnswerEnvelope, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const answer = await service.create(
        principalOf(request).accountId,
        request.params.chatbotId,
        request.body,
      );
      reply.code(201);
      return ok(request, { answer: presentCuratedAnswer(answer) });
    },
  );

  app.get(
    '/chatbots/:chatbotId/answers/:answerId',
    {
      config: { permission: 'answers:read' },
      schema: {
        summary: 'Get a curated answer',
        tags: TAGS,
        params: AnswerParams,
        response: { 200: AnswerEnvelope, ...errors(401, 403, 404, 429) },
      },
    },
    async (request) =>
      ok(request, {
        answer: presentCuratedAnswer(
          await service.get(
            principalOf(request).accountId,
            request.params.chatbotId,
            request.params.answerId,
          ),
        ),
      }),
  );

  app.patch(
    '/chatbots/:chatbotId/answers/:answerId',
    {
      config: { permission: 'answers:write' },
      schema: {
        summary: 'Update a curated answer',
        description:
          'Only sent fields change; `alternatives` replaces the whole list. The chatbot uses the new wording at once.',
        tags: TAGS,
        params: AnswerParams,
        body: AnswerPatch,
        response: { 200: AnswerEnvelope, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      ok(request, {
        answer: presentCuratedAnswer(
          await service.update(
            principalOf(request).accountId,
            request.params.chatbotId,
            request.params.answerId,
            request.body,
          ),
        ),
      }),
  );

  app.delete(
    '/chatbots/:chatbotId/answers/:answerId',
    {
      config: { permission: 'answers:write' },
      schema: {
        summary: 'Delete a curated answer',
        description: 'The chatbot stops using it at once.',
        tags: TAGS,
        params: AnswerParams,
        response: {
          200: Envelope(Type.Object({ id: Type.String(), deleted: Type.Literal(true) })),
          ...errors(401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      await service.delete(principalOf(request).accountId, request.params.chatbotId, request.params.answerId);
      return ok(request, { id: request.params.answerId, deleted: true as const });
    },
  );
}
