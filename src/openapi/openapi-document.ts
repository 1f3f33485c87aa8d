// Finishes the OpenAPI document that @fastify/swagger builds from the route schemas, so that it says
// everything a client can rely on, stated once here rather than on every route:
// - the errors every operation can answer (400/404 for a malformed path, 500, 503; 401/403/429 where a
//   token or visitor token is needed; 413/415 where a body is sent; 409/422 where Idempotency-Key is
//   taken), each status with the enum of its codes, and the response headers (X-Request-Id,
//   RateLimit-*, Retry-After, Idempotent-Replayed, Original-Request);
// - the Idempotency-Key header parameter, `format: uuid` on uuid path parameters, the security of each
//   operation (account token, visitor token, or none), the multipart body of the file upload;
// - named schemas in `components` (every schema a route gives a `title`, and Error);
// - the `webhooks` section (from the event catalogue): each event's body, its Service-* headers and the
//   signature rule;
// - one example per operation, made from its schemas.
import { ERROR_STATUS, type ErrorCode } from '../errors.js';
import type { Permission } from '../domain/permissions.js';
import { OPERATIONS } from './openapi-operations.js';
import { webhookEvents } from './openapi-webhooks.js';

type Json = Record<string, unknown>;
type Schema = Json & {
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
interface Operation extends Json {
  operationId?: string;
  parameters?: Json[];
  requestBody?: { content?: Record<string, { schema?: Schema; example?: unknown }> };
  responses: Record<string, Response>;
  security?: Json[];
  'x-permission'?: string;
  'x-idempotent'?: boolean;
  /** Any valid token or session, whatever its permissions. */
  'x-authenticated'?: boolean;
  'x-upload'?: { field: string; maxBytes: number };
  /** A Server-Sent Events stream: 200 with `text/event-stream`, not enveloped; a string is its example. */
  'x-event-stream'?: boolean | string;
}
interface Response extends Json {
  description: string;
  headers?: Record<string, Json>;
  content?: Record<string, { schema?: Schema; example?: unknown }>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const UUID_PARAMS = new Set([
  'chatbotId',
  'sourceId',
  'leadId',
  'webhookId',
  'deliveryId',
  'userId',
  'answerId',
  'replyId',
]);

const header = (description: string, schema: Json = { type: 'string' }) => ({ description, schema });
const RESPONSE_HEADERS = {
  'X-Request-Id': header('The request’s id, equal to `meta.requestId` of the body.', {
    type: 'string',
    pattern: '^req_',
  }),
  'RateLimit-Limit': header('Requests allowed per minute for this token (while rate limiting is on).', {
    type: 'integer',
  }),
  'RateLimit-Remaining': header('Requests left in the current one-minute window.', { type: 'integer' }),
  'RateLimit-Reset': header('Seconds until the current window ends.', { type: 'integer' }),
};
const RETRY_AFTER = header('Seconds to wait before trying again.', { type: 'integer' });
const REPLAY_HEADERS = {
  'Idempotent-Replayed': header(
    '`true` when this answer replays the first request sent with the same Idempotency-Key.',
    { type: 'string', enum: ['true'] },
  ),
  'Original-Request': header('On a replay: the id of the first request sent with the key.', {
    type: 'string',
    pattern: '^req_',
  }),
};

const ERROR_DESCRIPTIONS: Partial<Record<ErrorCode, string>> = {
  validation_error:
    'a malformed or invalid request: the details name each field (`body.`, `query.`, `path.`, `header.`)',
  unauthorized:
    'a missing, malformed, unknown, revoked or expired token or session (header `WWW-Authenticate: Bearer`)',
  forbidden:
    'the token or session lacks the permission this operation needs, or a session’s change lacks its `X-CSRF-Token` header',
  not_found: 'no such route or resource, or one the token may not see',
  payload_too_large: 'a JSON body over 2 MiB (an upload over its limit)',
  unsupported_media_type: 'a body of another content type than the operation takes',
  rate_limited: 'too many requests; wait for `Retry-After` seconds',
  internal_error: 'a bug on our side; the body never holds internals',
  unavailable: 'shutting down, or the database is unreachable or busy; retry after `Retry-After` seconds',
  idempotency_in_progress: 'a request with this Idempotency-Key is still running',
  idempotency_key_reused: 'this Idempotency-Key was used with another request',
  duplicate_question: 'another curated answer of the chatbot already has this question or other wording',
  email_taken: 'someone already signs in with this email (emails are one person each, across accounts)',
  last_owner: 'the change would leave the account without an active owner',
  name_taken: 'another canned reply of the account already has this name (case does not count)',
  canned_reply_limit: 'the account already has 500 canned replies',
};

const STATUS_TEXT: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted' };

export const ERROR_SCHEMA: Schema = {
  type: 'object',
  required: ['ok', 'error', 'meta'],
  properties: {
    ok: { type: 'boolean', enum: [false] },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: {
          type: 'string',
          description: 'Stable, snake_case; the list for each status is in the operation.',
        },
        message: { type: 'string', description: 'One readable sentence.' },
        details: {
          type: 'array',
          description: 'With `validation_error`: each field at fault.',
          items: {
            type: 'object',
            required: ['field', 'message'],
            properties: { field: { type: 'string', examples: ['body.url'] }, message: { type: 'string' } },
          },
        },
      },
    },
    meta: {
      type: 'object',
      required: ['requestId'],
      properties: { requestId: { type: 'string', pattern: '^req_' } },
    },
  },
};

/** The codes an operation may answer beyond those its route declares. */
function commonCodes(path: string, op: Operation): ErrorCode[] {
  const codes: ErrorCode[] = ['validation_error', 'not_found', 'internal_error', 'unavailable'];
  if (op['x-permission']) codes.push('unauthorized', 'forbidden', 'rate_limited');
  else if (op['x-authenticated']) codes.push('unauthorized', 'rate_limited');
  else if (isVisitorOperation(path, op)) codes.push('unauthorized', 'rate_limited');
  else if (path.startsWith('/api/v1/widget/')) codes.push('rate_limited');
  if (op.requestBody || op['x-upload']) codes.push('payload_too_large', 'unsupported_media_type');
  if (op['x-idempotent']) codes.push('idempotency_in_progress', 'idempotency_key_reused');
  return codes;
}

/** Web-chat operations after the start carry the conversation's visitor token. */
const isVisitorOperation = (path: string, op: Operation) =>
  path.startsWith('/api/v1/widget/') && path.includes('{threadId}') && !op['x-permission'];

function finishErrors(path: string, op: Operation, own: ErrorCode[]): void {
  // The error statuses come from the codes alone: a status a route schema lists without any code of
  // this operation behind it is not documented.
  for (const status of Object.keys(op.responses)) if (Number(status) >= 400) delete op.responses[status];
  const byStatus = new Map<string, Set<string>>();
  for (const code of [...commonCodes(path, op), ...own]) {
    const status = String(ERROR_STATUS[code]);
    byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  }
  for (const [status, codes] of byStatus) {
    const list = [...codes].sort();
    op.responses[status] = {
      description: list
        .map(
          (code) =>
            `\`${code}\`${ERROR_DESCRIPTIONS[code as ErrorCode] ? `: ${ERROR_DESCRIPTIONS[code as ErrorCode]}` : ''}`,
        )
        .join('; '),
      headers: {
        ...RESPONSE_HEADERS,
        ...(status === '429' || status === '503' ? { 'Retry-After': RETRY_AFTER } : {}),
      },
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/Error' },
              {
                type: 'object',
                properties: {
                  error: { type: 'object', properties: { code: { type: 'string', enum: list } } },
                },
              },
            ],
          },
        },
      },
    };
  }
}

function finishSuccess(op: Operation): void {
  if (op['x-event-stream']) {
    op.responses['200'] = {
      description: 'A stream of Server-Sent Events (not enveloped), open until the client closes it.',
      content: {
        'text/event-stream': {
          schema: { type: 'string' },
          example:
            typeof op['x-event-stream'] === 'string'
              ? op['x-event-stream']
              : 'event: message\nid: 3\ndata: {"id":"…","role":"agent","text":"Hi","createdAt":"…","authorName":"Dana"}\n\n',
        },
      },
    };
  }
  for (const [status, response] of Object.entries(op.responses)) {
    if (Number(status) >= 400) continue;
    if (response.description === 'Default Response') response.description = STATUS_TEXT[status] ?? 'Success';
    response.headers = {
      ...RESPONSE_HEADERS,
      ...(op['x-idempotent'] ? REPLAY_HEADERS : {}),
      ...response.headers,
    };
  }
}

function finishParameters(op: Operation): void {
  for (const parameter of op.parameters ?? []) {
    if (parameter.in === 'path' && UUID_PARAMS.has(String(parameter.name)))
      parameter.schema = { type: 'string', format: 'uuid' };
    if (parameter.in === 'query' && parameter.name === 'limit') {
      parameter.schema = { ...(parameter.schema as Json), default: 20 };
      parameter.description ??= 'Page size, 1 to 100.';
    }
    if (parameter.in === 'query' && parameter.name === 'cursor')
      parameter.description ??=
        '`meta.pagination.nextCursor` of the previous page; the other query parameters must stay the same.';
  }
  if (op['x-idempotent']) {
    op.parameters = [
      ...(op.parameters ?? []),
      {
        in: 'header',
        name: 'Idempotency-Key',
        required: false,
        description:
          'Makes a retry safe: the same key and request within 24 hours replays the first answer (`Idempotent-Replayed: true`) and does nothing again.',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
      },
    ];
  }
  if (op['x-upload']) {
    const { field, maxBytes } = op['x-upload'];
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [field],
            properties: {
              [field]: {
                type: 'string',
                format: 'binary',
                description: `The file, at most ${maxBytes / 1024 / 1024} MiB.`,
              },
              title: { type: 'string', maxLength: 255, description: 'Defaults to the file name.' },
            },
          },
        },
      },
    } as Operation['requestBody'];
  }
}

/** Operations that work on the session cookie alone (sign-out, the current session). */
const SESSION_ONLY = new Set(['/api/v1/auth/session', '/api/v1/auth/sign-out']);

function finishSecurity(path: string, op: Operation): void {
  const permission = op['x-permission'] as Permission | undefined;
  // Every permission is a role's: owners and admins hold them all.
  if (op['x-authenticated'] || permission) op.security = [{ bearerAuth: [] }, { sessionCookie: [] }];
  else if (SESSION_ONLY.has(path)) op.security = [{ sessionCookie: [] }];
  else if (isVisitorOperation(path, op)) op.security = [{ visitorToken: [] }];
  else op.security = [];
}

// ---------------------------------------------------------------------------------------------------
// Named schemas: every schema with a `title` becomes a component and is referenced.

function hoist(value: unknown, components: Record<string, Schema>): unknown {
  if (Array.isArray(value)) return value.map((item) => hoist(item, components));
  if (!value || typeof value !== 'object') return value;
  const schema = value as Schema;
  const out: Schema = {};
  for (const [key, child] of Object.entries(schema))
    out[key] = key === 'example' || key === 'examples' ? child : (hoist(child, components) as never);
  const title =
    typeof schema.title === 'string' && /^[A-Z][A-Za-z]+$/.test(schema.title) ? schema.title : null;
  if (title && (schema.type === 'object' || schema.properties)) {
    components[title] ??= out;
    return { $ref: `#/components/schemas/${title}` };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Examples, made from the schemas: realistic values for the fields this API uses.

const SAMPLE_STRINGS: Record<string, string> = {
  requestId: 'req_Fq3LwC0i2nKxD9tWg8Zp',
  threadId: 'th_01a2b3c4d5e6f7a8b9c0d1e2',
  url: 'https://www.example.com/help',
  email: 'ann@example.com',
  phone: '+14155550123',
  name: 'Ann Lee',
  company: 'Example Ltd',
  title: 'Shipping FAQ',
  text: 'We ship within two working days.',
  message: 'Where is my order?',
  secret: 'whsec_3q2+7w…',
  nextCursor: 'eyJrIjpbMTc2Mzgw…',
  reason: 'The visitor asked for a person.',
};

function sample(
  schema: Schema | undefined,
  components: Record<string, Schema>,
  name = '',
  depth = 0,
): unknown {
  if (!schema || depth > 8) return null;
  if (typeof schema.$ref === 'string')
    return sample(components[schema.$ref.split('/').pop() ?? ''], components, name, depth + 1);
  if (schema.examples && Array.isArray(schema.examples)) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.allOf)
    return Object.assign({}, ...schema.allOf.map((s) => sample(s, components, name, depth + 1) as object));
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices)
    return sample(choices.find((c) => c.type !== 'null') ?? choices[0], components, name, depth + 1);
  switch (schema.type) {
    case 'object': {
      const out: Json = {};
      for (const [key, child] of Object.entries(schema.properties ?? {}))
        out[key] = sample(child, components, key, depth + 1);
      return out;
    }
    case 'array':
      return schema.items ? [sample(schema.items, components, name, depth + 1)] : [];
    case 'integer':
    case 'number':
      return name === 'limit' ? 20 : typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return name === 'ok' ? true : false;
    case 'string':
      if (schema.format === 'uuid') return '01a2b3c4-d5e6-7f80-9a1b-2c3d4e5f6a7b';
      if (schema.format === 'date-time') return '2026-11-22T10:00:00.000Z';
      if (SAMPLE_STRINGS[name]) return SAMPLE_STRINGS[name];
      if (schema.pattern === '^req_') return SAMPLE_STRINGS.requestId;
      if (typeof schema.pattern === 'string' && schema.pattern.startsWith('^/')) return '/help';
      return 'string';
    default:
      return null;
  }
}

function addExamples(op: Operation, components: Record<string, Schema>): void {
  for (const media of Object.values(op.requestBody?.content ?? {})) {
    if (media.schema && media.example === undefined && !('multipart' in media))
      media.example = sample(media.schema, components);
  }
  for (const [status, response] of Object.entries(op.responses)) {
    const media = response.content?.['application/json'];
    if (!media?.schema || media.example !== undefined) continue;
    if (Number(status) >= 400) {
      const code =
        (media.schema.allOf?.[1]?.properties?.error?.properties?.code?.enum as string[] | undefined)?.[0] ??
        'validation_error';
      media.example = {
        ok: false,
        error: { code, message: 'One readable sentence saying what is wrong.' },
        meta: { requestId: SAMPLE_STRINGS.requestId },
      };
    } else {
      media.example = sample(media.schema, components);
    }
  }
}

// ---------------------------------------------------------------------------------------------------

export function finishDocument(document: Json): Json {
  const doc = document as Json & {
    paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
    components: Json & { schemas?: Record<string, Schema> };
  };
  const components: Record<string, Schema> = { ...(doc.components.schemas ?? {}) };
  doc.paths = hoist(doc.paths, components) as typeof doc.paths;
  components.Error = ERROR_SCHEMA;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      // An operation missing from OPERATIONS has no operationId, which the document's lint refuses.
      const info = OPERATIONS[`${method.toUpperCase()} ${path}`];
      if (info) op.operationId = info.id;
      finishParameters(op);
      finishSecurity(path, op);
      finishErrors(path, op, info?.codes ?? []);
      finishSuccess(op);
      addExamples(op, components);
      delete op['x-permission'];
      delete op['x-idempotent'];
      delete op['x-authenticated'];
      delete op['x-upload'];
      delete op['x-event-stream'];
    }
  }
  doc.webhooks = hoist(webhookEvents(), components);
  doc.components = { ...doc.components, schemas: components };
  return doc;
}
