// The OpenAPI 3.1 document is generated from the route schemas and finished in openapi-document.ts;
// `/docs` renders it with Redoc, served from this service (no CDN: it works offline).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { ROLE_PERMISSIONS } from '../domain/permissions.js';
import { finishDocument } from './openapi-document.js';

export const API_PREFIX = '/api/v1';

const FIRST_REQUESTS = `
Knowledge sources, leads, webhooks and human handover of a customer-facing chatbot.

# First requests

Every request under \`/api/v1\` carries an access token (\`Authorization: Bearer cbo_…\`). The first
\`npm start\` prints one with every permission; \`npx chatbot-ops tokens create\` makes more.

1. **Find your chatbot**: \`GET /api/v1/chatbots\` → \`data.chatbots[0].id\`.
2. **Give it knowledge**: \`POST /api/v1/chatbots/{chatbotId}/knowledge/text\` with
   \`{"title": "Shipping", "text": "We ship within two working days."}\`. The source is \`pending\`, then \`ready\`
   within seconds (\`GET …/knowledge/{sourceId}\`).
3. **Ask it**: \`POST /api/v1/chatbots/{chatbotId}/conversations\` with \`{"message": "How fast do you ship?"}\`
   → \`data.messages\`: the visitor's message and the chatbot's answer.
4. **Take over**: \`POST …/conversations/{threadId}/take-over\`, then \`POST …/replies\` with \`{"message": "Hi, I'm Dana."}\`,
   and \`PATCH …/conversations/{threadId}\` with \`{"resolved": true}\`.
5. **Hear about it**: \`POST /api/v1/webhooks\` with an https \`url\` and \`events\`; or, while developing,
   \`npx chatbot-ops webhooks listen\`.

# Conventions

- **Envelope.** Success: \`{ "ok": true, "data": {…}, "meta": { "requestId": "req_…" } }\`; lists add
  \`meta.pagination\`. Errors: \`{ "ok": false, "error": { "code", "message", "details"? }, "meta" }\`. Every response
  has \`X-Request-Id\` equal to \`meta.requestId\`.
- **Errors.** Checks run in this order: 401, 403, 400 (the request's shape), 404, then the rules of the resource's
  state (409, 403). Each operation lists its statuses and, for each, its error codes.
- **Pagination.** Lists are newest first. Send \`limit\` (1 to 100, default 20) and, while
  \`meta.pagination.hasMore\`, \`cursor\` = \`meta.pagination.nextCursor\` with the same other parameters.
- **Retries.** Creating POSTs take an \`Idempotency-Key\`: the same key and request within 24 hours replays the
  first answer. \`429\` and \`503\` carry \`Retry-After\`.
`.trim();

const TAGS = [
  { name: 'Service', description: 'Health of the service.' },
  { name: 'Chatbots', description: 'The chatbots of the account.' },
  {
    name: 'Knowledge',
    description:
      'Web pages, whole websites, files and text the chatbot answers from. Processed in the background: `pending` → `processing` → `ready` or `failed`.',
  },
  {
    name: 'Conversations',
    description:
      'Conversations and their messages; the API channel, where your backend speaks for the visitor.',
  },
  {
    name: 'Handover',
    description:
      'A person takes a conversation over, replies on its own channel, hands it back, resolves or reopens it.',
  },
  {
    name: 'Team',
    description:
      'The team’s tools on a conversation: private notes (never seen by the visitor), assignment to a colleague, and the notes that mention you.',
  },
  { name: 'Leads', description: 'Contact details visitors left in conversations.' },
  {
    name: 'Curated answers',
    description:
      'The team’s own answers to questions, the way to correct the chatbot: matched before any knowledge source, by the ' +
      'question’s words (other forms and synonyms of them too) and, with embeddings, by its meaning, and sent verbatim.',
  },
  {
    name: 'Canned replies',
    description:
      'The account’s saved replies for the inbox’s reply box (`/` and a name), with `{visitor.name}` and `{agent.name}` filled in as they are inserted.',
  },
  { name: 'Webhooks', description: 'Endpoints that receive signed events; their delivery log.' },
  {
    name: 'Web chat',
    description:
      'The public API of the embeddable chat widget (`/widget.js`): a visitor token per conversation, no account token.',
  },
  {
    name: 'Channels',
    description: 'Inbound webhooks of WhatsApp, Messenger and Instagram (signed by Meta).',
  },
  { name: 'Webhook events', description: 'The requests this service sends to your endpoints.' },
  {
    name: 'Sign-in',
    description:
      'Team members sign in to the inbox (`/inbox`) with email and password. Sign-in sets the `cbo_session` cookie and answers a `csrfToken`: ' +
      'every POST, PUT, PATCH and DELETE made with the session must send it as the `X-CSRF-Token` header (else 403). A session can read ' +
      'chatbots, conversations, leads and knowledge and act on conversations (take over, reply, hand back, resolve) on every chatbot of ' +
      'the account; everything else needs an access token. A request with an `Authorization` header is judged by its token alone. ' +
      'A session ends after 12 hours without a request, 7 days after sign-in, on sign-out, when the password changes and when the ' +
      'person is disabled. `npx chatbot-ops users invite USER_ID` prints a one-time link (72 hours) where the person chooses a password.',
  },
  {
    name: 'Users',
    description:
      'The team members of the account: their roles (owner, admin, agent), invitations, switching off and on.',
  },
  {
    name: 'Tokens',
    description:
      'The account’s access tokens: listed without secrets, made with the secret shown once, revoked at once.',
  },
  {
    name: 'Analytics',
    description:
      'A chatbot’s figures over a range of days: conversations, answers, handovers, resolutions, ratings.',
  },
];

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  // What the document says per route beyond its schema: its permission (and so the bearer token) and
  // whether it takes an Idempotency-Key. Marks are read, then removed, in finishDocument().
  app.addHook('onRoute', (route) => {
    if (!route.schema) return;
    const schema = route.schema as Record<string, unknown>;
    // The HEAD route Fastify adds for each GET shares the GET's schema object: annotate it once.
    if (schema['x-annotated']) return;
    schema['x-annotated'] = true;
    const permission = route.config?.permission;
    if (permission) {
      schema['x-permission'] = permission;
      const description = schema.description ? `${String(schema.description)}\n\n` : '';
      const session = ROLE_PERMISSIONS.agent.has(permission)
        ? ' A signed-in session has it too, whatever the person’s role (changes send `X-CSRF-Token`).'
        : ' A signed-in session of an owner or an admin has it too (changes send `X-CSRF-Token`).';
      schema.description = `${description}Permission: \`${permission}\`.${session}`;
    }
    if (route.config?.idempotent) schema['x-idempotent'] = true;
    if (route.config?.authenticated) schema['x-authenticated'] = true;
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'chatbot-ops API',
        version,
        description: FIRST_REQUESTS,
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [
        {
          url: 'http://127.0.0.1:8080',
          description: 'The service as `npm start` runs it; use your own address.',
        },
      ],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'An account access token, `cbo_…`, with the permission each operation names.',
          },
          visitorToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The `visitorToken` returned when a web chat conversation starts; good for that conversation only.',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'cbo_session',
            description:
              'The inbox session a sign-in sets. State-changing requests also send the session’s `X-CSRF-Token` header.',
          },
        },
      },
    },
    transformObject: (document) =>
      'openapiObject' in document
        ? (finishDocument(document.openapiObject as Record<string, unknown>) as never)
        : document.swaggerObject,
  });

  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  await registerReferencePage(app);
}

const require = createRequire(import.meta.url);
const REDOC_PATH = require.resolve('redoc/bundles/redoc.standalone.js');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>chatbot-ops API reference</title>
<style>body { margin: 0; }</style>
</head>
<body>
<redoc spec-url="${API_PREFIX}/openapi.json" hide-download-button="false" path-in-middle-panel="true"></redoc>
<script src="/docs/redoc.standalone.js"></script>
</body>
</html>
`;

/** The reference page: Redoc, served from the package (the page works without the internet). */
async function registerReferencePage(app: FastifyInstance): Promise<void> {
  let script: Buffer | null = null;
  const csp =
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; worker-src 'self' blob:; font-src 'self' data:; " +
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
  // No other site may frame the page (clickjacking); X-Frame-Options for browsers without frame-ancestors.
  app.get('/docs', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', csp)
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'no-referrer')
      .send(PAGE),
  );
  app.get('/docs/redoc.standalone.js', { schema: { hide: true } }, async (_request, reply) => {
    script ??= await readFile(REDOC_PATH);
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(script);
  });
}
