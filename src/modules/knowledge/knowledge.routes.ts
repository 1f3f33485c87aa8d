// The seven knowledge endpoints (spec "Knowledge"; decisions §7). Handlers stay thin: the rules are in
// knowledge.service.ts, the multipart reading in uploads.ts.
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../../app.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, ListEnvelope, Uuid, errors, ok, okPage } from '../../http/envelope.js';
import { PageQuery, readPage } from '../../http/pagination.js';
import {
  KnowledgeSource,
  REFRESH_INTERVALS,
  SOURCE_TYPES,
  presentSource,
  presentSourceWithText,
} from './knowledge.presenter.js';
import { knowledgeRuntime } from './knowledge.runtime.js';
import * as service from './knowledge.service.js';
import { MAX_FILE_BYTES, checkUploadRequest, receiveUpload } from './uploads.js';

const ChatbotParams = Type.Object({ chatbotId: Type.String() });
const SourceParams = Type.Object({ chatbotId: Type.String(), sourceId: Type.String() });
const SourceEnvelope = Envelope(Type.Object({ source: KnowledgeSource }));

const Title = Type.String({ minLength: 1, maxLength: 255 });
const SourceText = Type.String({ minLength: 1, maxLength: 200_000 });
const RefreshInterval = Type.Enum([...REFRESH_INTERVALS]);
const PathPrefix = Type.String({
  pattern: '^/',
  maxLength: 2048,
  description: 'A path prefix beginning with /.',
});

const TAGS = ['Knowledge'];

export async function knowledgeRoutes(api: FastifyInstance, deps: AppDeps) {
  // A scope of its own: the multipart parser and its hooks apply to these routes only.
  await api.register(async (scope) => {
    // A file part over the limit is a validation error (400), not the plugin's 413: uploads.ts checks `truncated`.
    await scope.register(multipart, { limits: { fileSize: MAX_FILE_BYTES }, throwFileSizeLimit: false });
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();

    app.get(
      '/chatbots/:chatbotId/knowledge',
      {
        config: { permission: 'knowledge:read' },
        schema: {
          summary: 'List knowledge sources',
          description: 'Newest first, without their text.',
          tags: TAGS,
          params: ChatbotParams,
          querystring: Type.Object(
            { ...PageQuery, type: Type.Optional(Type.Enum([...SOURCE_TYPES])) },
            { additionalProperties: false },
          ),
          response: {
            200: ListEnvelope(Type.Object({ sources: Type.Array(KnowledgeSource) })),
            ...errors(400, 401, 403, 404, 429),
          },
        },
      },
      async (request) => {
        const { chatbotId } = request.params;
        const list = { list: 'knowledge', scope: chatbotId, filters: { type: request.query.type } };
        const { items, pagination } = await readPage(
          deps.paginator,
          list,
          request.query,
          (page) => service.listSources(deps, chatbotId, request.query.type, page),
          (row) => ({ at: row.created_at, id: row.id }),
        );
        return okPage(request, { sources: items.map(presentSource) }, pagination);
      },
    );

    app.post(
      '/chatbots/:chatbotId/knowledge/website',
      {
        config: { permission: 'knowledge:write', idempotent: true },
        schema: {
          summary: 'Add a website',
          description:
            'Reads one page (`crawl: "page"`, or exactly `pageUrls`), or follows the site’s links (`crawl: "site"`: up to 50 pages, 2 levels deep).',
          tags: TAGS,
          params: ChatbotParams,
          body: Type.Object(
            {
              url: Type.String({ minLength: 1, maxLength: 2048, description: 'A public http(s) address.' }),
              crawl: Type.Optional(Type.Enum(['page', 'site'])),
              pageUrls: Type.Optional(
                Type.Array(Type.String({ minLength: 1, maxLength: 2048 }), { minItems: 1, maxItems: 50 }),
              ),
              includePaths: Type.Optional(Type.Array(PathPrefix, { maxItems: 50 })),
              excludePaths: Type.Optional(Type.Array(PathPrefix, { maxItems: 50 })),
              refreshInterval: Type.Optional(RefreshInterval),
              title: Type.Optional(Title),
            },
            { additionalProperties: false },
          ),
          response: { 201: SourceEnvelope, ...errors(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const source = await service.addWebsite(
          deps,
          principalOf(request),
          request.params.chatbotId,
          request.body,
        );
        reply.code(201);
        return ok(request, { source: presentSource(source) });
      },
    );

    app.post(
      '/chatbots/:chatbotId/knowledge/text',
      {
        config: { permission: 'knowledge:write', idempotent: true },
        schema: {
          summary: 'Add text',
          tags: TAGS,
          params: ChatbotParams,
          body: Type.Object({ title: Title, text: SourceText }, { additionalProperties: false }),
          response: { 201: SourceEnvelope, ...errors(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const source = await service.addText(
          deps,
          principalOf(request),
          request.params.chatbotId,
          request.body,
        );
        reply.code(201);
        return ok(request, { source: presentSource(source) });
      },
    );

    app.post(
      '/chatbots/:chatbotId/knowledge/files',
      {
        config: { permission: 'knowledge:write', idempotent: true },
        // After authentication, before any byte of the body is read.
        onRequest: async (request) => checkUploadRequest(request),
        schema: {
          summary: 'Upload a file',
          description:
            'multipart/form-data with a `file` part (PDF, .docx, CSV, .txt, .md, PNG, JPEG, WebP, GIF or BMP; at most 50 MiB; the content must match the extension) and an optional `title` (at most 255 characters, default the file name).',
          tags: TAGS,
          params: ChatbotParams,
          consumes: ['multipart/form-data'],
          'x-upload': { field: 'file', maxBytes: 50 * 1024 * 1024 },
          response: { 201: SourceEnvelope, ...errors(400, 401, 403, 404, 413, 415, 429) },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        // Before reading up to 50 MiB that could not be kept anyway.
        service.assertCanAddKnowledge(principal);
        const file = await receiveUpload(request, knowledgeRuntime(deps).uploadsDir);
        const source = await service.addFile(deps, principal, request.params.chatbotId, file);
        reply.code(201);
        return ok(request, { source: presentSource(source) });
      },
    );

    app.get(
      '/chatbots/:chatbotId/knowledge/:sourceId',
      {
        config: { permission: 'knowledge:read' },
        schema: {
          summary: 'Get a knowledge source',
          tags: TAGS,
          params: SourceParams,
          querystring: Type.Object(
            { include: Type.Optional(Type.Enum(['text'], { description: '`text` adds source.text.' })) },
            { additionalProperties: false },
          ),
          response: { 200: SourceEnvelope, ...errors(400, 401, 403, 404, 429) },
        },
      },
      async (request) => {
        const { chatbotId, sourceId } = request.params;
        if (request.query.include === 'text')
          return ok(request, {
            source: presentSourceWithText(await service.getSourceWithText(deps, chatbotId, sourceId)),
          });
        return ok(request, { source: presentSource(await service.getSource(deps, chatbotId, sourceId)) });
      },
    );

    app.patch(
      '/chatbots/:chatbotId/knowledge/:sourceId',
      {
        config: { permission: 'knowledge:write' },
        schema: {
          summary: 'Update a knowledge source',
          description:
            'Only sent fields change. New `text` (text sources, when ready or failed) is processed again.',
          tags: TAGS,
          params: SourceParams,
          body: Type.Object(
            {
              title: Type.Optional(Title),
              text: Type.Optional(SourceText),
              isSourceOfTruth: Type.Optional(Type.Boolean()),
              refreshInterval: Type.Optional(RefreshInterval),
            },
            { additionalProperties: false },
          ),
          response: { 200: SourceEnvelope, ...errors(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request) => {
        const source = await service.updateSource(
          deps,
          request.params.chatbotId,
          request.params.sourceId,
          request.body,
        );
        return ok(request, { source: presentSource(source) });
      },
    );

    app.delete(
      '/chatbots/:chatbotId/knowledge/:sourceId',
      {
        config: { permission: 'knowledge:delete' },
        schema: {
          summary: 'Delete a knowledge source',
          description: 'The chatbot stops using it at once.',
          tags: TAGS,
          params: SourceParams,
          response: {
            200: Envelope(Type.Object({ id: Uuid, deleted: Type.Literal(true) })),
            ...errors(401, 403, 404, 429),
          },
        },
      },
      async (request) => {
        await service.deleteSource(deps, request.params.chatbotId, request.params.sourceId);
        return ok(request, { id: request.params.sourceId, deleted: true as const });
      },
    );

    app.post(
      '/chatbots/:chatbotId/knowledge/:sourceId/refresh',
      {
        config: { permission: 'knowledge:write' },
        schema: {
          summary: 'Read a website again now',
          tags: TAGS,
          params: SourceParams,
          response: { 202: SourceEnvelope, ...errors(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const source = await service.refreshSource(deps, request.params.chatbotId, request.params.sourceId);
        reply.code(202);
        return ok(request, { source: presentSource(source) });
      },
    );
  });
}
