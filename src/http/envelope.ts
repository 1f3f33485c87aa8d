// The contract's envelope: `{ ok, data, meta: { requestId, pagination? } }`, as schemas (which drive
// serialization and the OpenAPI document) and as helpers that build it; and the schemas every module's
// routes share (a timestamp, an id, the chatbot's path parameter), declared once here.
import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';

export const Timestamp = Type.String({ format: 'date-time', examples: ['2026-11-22T10:00:00.000Z'] });
export const Uuid = Type.String({ format: 'uuid' });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** The path parameters of a chatbot's routes that take no other (the auth hook checks the chatbot first). */
export const ChatbotParams = Type.Object({ chatbotId: Type.String() });

const Meta = Type.Object({ requestId: Type.String({ pattern: '^req_' }) });

export const PaginationMeta = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: 100 }),
    hasMore: Type.Boolean({ description: 'True when another page exists.' }),
    nextCursor: Nullable(
      Type.String({ description: 'Send as `cursor` for the next page; null on the last page.' }),
    ),
  },
  { title: 'Pagination' },
);
export interface Pagination {
  limit: number;
  hasMore: boolean;
  nextCursor: string | null;
}

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ ok: Type.Literal(true), data, meta: Meta });

export const ListEnvelope = <T extends TSchema>(data: T) =>
  Type.Object({
    ok: Type.Literal(true),
    data,
    meta: Type.Object({ requestId: Type.String(), pagination: PaginationMeta }),
  });

export const ErrorEnvelope = Type.Object({
  ok: Type.Literal(false),
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  }),
  meta: Meta,
});

/** Error responses of a route, for the OpenAPI document and serialization: `errors(401, 403, 404)`. */
export function errors(...statuses: number[]): Record<number, typeof ErrorEnvelope> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorEnvelope]));
}

export const ok = <T>(request: FastifyRequest, data: T) => ({
  ok: true as const,
  data,
  meta: { requestId: request.id },
});

export const okPage = <T>(request: FastifyRequest, data: T, pagination: Pagination) => ({
  ok: true as const,
  data,
  meta: { requestId: request.id, pagination },
});
