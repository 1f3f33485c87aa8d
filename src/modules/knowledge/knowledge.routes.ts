// The knowledge endpoints (spec "Knowledge", and the pages a website's last read went through). Handlers stay thin: the rules are in
// knowledge.service.ts, the multipart reading in uploads.ts.
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Core } from '../../core.js';
import { principalOf } from '../../http/auth.js';
import { hasAnswerForKey, matchStreamedBody } from '../../http/idempotency.js';
import { ChatbotParams, Envelope, ListEnvelope, Uuid, errors, ok } from '../../http/envelope.js';
import { listPage } from '../../http/pagination.js';
import { presentPage, presentSource, presentSourceWithText } from './knowledge.presenter.js';
import {
  KnowledgeSource,
  PageListQuery,
  SourceListQuery,
  SourcePage,
  SourceParams,
  SourcePatch,
  SourceReadQuery,
  TextBody,
  WebsiteBody,
} from './knowledge.schemas.js';
import type { KnowledgeService } from './knowledge.service.js';
import {
  MAX_FILE_BYTES,
  checkUploadRequest,
  hashUpload,
  receiveUpload,
  uploadFingerprint,
} from './uploads.js';

const SourceEnvelope = Envelope(Type.Object({ source: KnowledgeSource }));
const SourceListEnvelope = ListEnvelope(Type.Object({ sources: Type.Array(KnowledgeSource) }));

const TAGS = ['Knowledge'];

export interface KnowledgeRoutesDeps extends Pick<Core, 'paginator'> {
  knowledge: KnowledgeService;
}

export async function knowledgeRoutes(
  api: FastifyInstance,
  { knowledge: service, paginator }: KnowledgeRoutesDeps,
) {
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
          querystring: SourceListQuery,
          response: {
            200: SourceListEnvelope,
            ...errors(400, 401, 403, 404, 429),
          },
        },
      },
      async (request) => {
        const { chatbotId } = request.params;
        const { type } = request.query;
        return listPage(request, paginator, {
          list: 'knowledge',
          scope: chatbotId,
          filters: { type },
          fetch: (page) => service.listSources(principalOf(request), chatbotId, type, page),
          keyOf: (row) => ({ at: row.created_at, id: row.id }),
          present: (items) => ({ sources: items.map(presentSource) }),
        });
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
          body: WebsiteBody,
          response: { 201: SourceEnvelope, ...errors(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const source = await service.addWebsite(principalOf(request), request.params.chatbotId, request.body);
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
          body: TextBody,
          response: { 201: SourceEnvelope, ...errors(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const source = await service.addText(principalOf(request), request.params.chatbotId, request.body);
        reply.code(201);
        return ok(request, { source: presentSource(source) });
      },
    );

    app.post(
      '/chatbots/:chatbotId/knowledge/files',
      {
        config: { permission: 'knowledge:write', idempotent: 'streamed-body' },
        // After authentication, before any byte of the body is read.
        onRequest: async (request) => checkUploadRequest(request),
        schema: {
          summary: 'Upload a file',
          description:
            'multipart/form-data with a `file` part (PDF, .docx, CSV, .txt, .md, PNG, JPEG, WebP, GIF or BMP; at most 50 MiB; the content must match the extension) and an optional `title` (at most 255 characters, default the file name). With an `Idempotency-Key`, the same request is the same file (its bytes and name) and the same title, whatever the multipart boundary or the order of the parts: it replays the first answer; another file or title with the key is 422 `idempotency_key_reused`, and nothing of it is kept.',
          tags: TAGS,
          params: ChatbotParams,
          consumes: ['multipart/form-data'],
          'x-upload': { field: 'file', maxBytes: 50 * 1024 * 1024 },
          response: { 201: SourceEnvelope, ...errors(400, 401, 403, 404, 413, 415, 429) },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        if (hasAnswerForKey(request)) {
          // A repeated Idempotency-Key: the upload is only hashed, nothing kept, to replay the first answer
          // for the same upload or refuse another.
          matchStreamedBody(request, reply, uploadFingerprint(await hashUpload(request)));
          return reply;
        }
        // Before reading up to 50 MiB that could not be kept anyway.
        service.assertCanAddKnowledge(principal);
        const file = await receiveUpload(request, service.uploadsDir);
        matchStreamedBody(request, reply, uploadFingerprint(file));
        const source = await service.addFile(principal, request.params.chatbotId, file);
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
          querystring: SourceReadQuery,
          response: { 200: SourceEnvelope, ...errors(400, 401, 403, 404, 429) },
        },
      },
      async (request) => {
        const { chatbotId, sourceId } = request.params;
        if (request.query.include === 'text') {
          const source = await service.getSourceWithText(principalOf(request), chatbotId, sourceId);
          return ok(request, { source: presentSourceWithText(source) });
        }
        const source = await service.getSource(principalOf(request), chatbotId, sourceId);
        return ok(request, { source: presentSource(source) });
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
          body: SourcePatch,
          response: { 200: SourceEnvelope, ...errors(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request) => {
        const { chatbotId, sourceId } = request.params;
        const source = await service.updateSource(principalOf(request), chatbotId, sourceId, request.body);
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
        await service.deleteSource(principalOf(request), request.params.chatbotId, request.params.sourceId);
        return ok(request, { id: request.params.sourceId, deleted: true as const });
      },
    );

    app.get(
      '/chatbots/:chatbotId/knowledge/:sourceId/pages',
      {
        config: { permission: 'knowledge:read' },
        schema: {
          summary: 'Pages of a website source',
          description:
            'What the last read of the website did with each page: read (with the words read) or skipped (with why: robots.txt, an HTTP error, ' +
            'another site, a type that is not read, no text…), in the order they were read. Empty until the first read ends. ' +
            'A text or file source is 400 `not_a_website`.',
          tags: TAGS,
          params: SourceParams,
          querystring: PageListQuery,
          response: {
            200: ListEnvelope(Type.Object({ pages: Type.Array(SourcePage) })),
            ...errors(400, 401, 403, 404, 429),
          },
        },
      },
      async (request) => {
        const { chatbotId, sourceId } = request.params;
        return listPage(request, paginator, {
          list: 'source-pages',
          scope: sourceId,
          filters: { status: request.query.status },
          fetch: (page) =>
            service.listPages(principalOf(request), chatbotId, sourceId, request.query.status, page),
          keyOf: (row) => ({ at: row.rank, id: row.url }),
          present: (items) => ({ pages: items.map(presentPage) }),
        });
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
        const source = await service.refreshSource(
          principalOf(request),
          request.params.chatbotId,
          request.params.sourceId,
        );
        reply.code(202);
        return ok(request, { source: presentSource(source) });
      },
    );
  });
}
