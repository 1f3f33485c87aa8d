import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { EVENT_CATALOGUE, EVENT_TYPES } from '../../src/events/catalogue.js';
import { webhookEvents } from '../../src/openapi/openapi-webhooks.js';
import { describeEachDialect } from '../support/app.js';

interface Operation {
  security?: Array<Record<string, string[]>>;
  description?: string;
  parameters?: Array<{ name: string; in: string }>;
  responses: Record<string, unknown>;
}

describeEachDialect('OpenAPI document and reference page', (t) => {
  it('serves the raw OpenAPI 3.1 document without a token', async () => {
    const res = await t().api('GET', '/api/v1/openapi.json');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.match(res.body.openapi, /^3\.1\.\d+$/);
    assert.equal(res.body.ok, undefined, 'not enveloped');
    assert.equal(res.body.data, undefined, 'not enveloped');
    assert.equal(typeof res.body.info.title, 'string');
    assert.equal(typeof res.body.paths, 'object');
  });

  it('is valid according to an OpenAPI validator', async () => {
    const res = await t().api('GET', '/api/v1/openapi.json');
    const result = await new Validator().validate(res.body);
    assert.deepEqual(result.errors, undefined, JSON.stringify(result.errors, null, 2));
    assert.equal(result.valid, true);
  });

  it('documents the chatbot routes with bearer security, their permission and their responses', async () => {
    const doc = (await t().api('GET', '/api/v1/openapi.json')).body;
    assert.deepEqual(doc.components.securitySchemes.bearerAuth, {
      type: 'http',
      scheme: 'bearer',
      description: doc.components.securitySchemes.bearerAuth.description,
    });
    const list: Operation = doc.paths['/api/v1/chatbots']?.get;
    const one: Operation = doc.paths['/api/v1/chatbots/{chatbotId}']?.get;
    assert.ok(list, 'GET /api/v1/chatbots is documented');
    assert.ok(one, 'GET /api/v1/chatbots/{chatbotId} is documented');
    for (const [name, op] of [
      ['list', list],
      ['one', one],
    ] as const) {
      // chatbots:read is one of a signed-in session's permissions: the session cookie works too.
      assert.deepEqual(op.security, [{ bearerAuth: [] }, { sessionCookie: [] }], name);
      assert.equal(
        op.description?.match(/chatbots:read/g)?.length,
        1,
        `${name}: the permission is named once: ${op.description}`,
      );
      assert.ok(op.responses['200'], `${name}: 200 documented`);
      assert.ok(op.responses['401'], `${name}: 401 documented`);
    }
    assert.deepEqual(list.parameters?.map((p) => `${p.in}.${p.name}`).sort(), [
      'query.cursor',
      'query.limit',
    ]);
    assert.deepEqual(
      one.parameters?.map((p) => `${p.in}.${p.name}`),
      ['path.chatbotId'],
    );
    const health: Operation = doc.paths['/api/v1/health']?.get;
    assert.ok(health, 'health is documented');
    assert.deepEqual(health.security, [], 'health needs no token');
    assert.equal(doc.paths['/api/v1/openapi.json'], undefined, 'the document does not describe itself');
  });

  it('serves the webhooks section the event catalogue generates: every declared type, its body with the resources as components', async () => {
    const doc = (await t().api('GET', '/api/v1/openapi.json')).body;
    assert.deepEqual(
      Object.keys(doc.webhooks),
      Object.keys(EVENT_CATALOGUE),
      'one entry per declared type, in its order',
    );
    const refs: string[] = [];
    const resolved = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(resolved);
      if (!node || typeof node !== 'object') return node;
      const ref = (node as { $ref?: unknown }).$ref;
      if (typeof ref === 'string') {
        refs.push(ref);
        const name = ref.replace('#/components/schemas/', '');
        assert.ok(doc.components.schemas[name], `${ref} is a component`);
        return resolved(doc.components.schemas[name]);
      }
      return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolved(value)]));
    };
    // With its references resolved, the section is the catalogue's, description and examples included.
    assert.deepEqual(resolved(doc.webhooks), JSON.parse(JSON.stringify(webhookEvents())));
    assert.deepEqual([...new Set(refs)].sort(), [
      '#/components/schemas/Conversation',
      '#/components/schemas/Lead',
      '#/components/schemas/Source',
    ]);
    // The types an endpoint may subscribe to: every declared type but webhook.test, sent only on request.
    const body = doc.paths['/api/v1/webhooks'].post.requestBody.content['application/json'].schema;
    assert.deepEqual(body.properties.events.items.enum, [...EVENT_TYPES]);
    assert.deepEqual(
      EVENT_TYPES,
      Object.keys(EVENT_CATALOGUE).filter((type) => type !== 'webhook.test'),
    );
  });

  it('renders the reference page at /docs', async () => {
    let res = await t().api('GET', '/docs');
    for (let hops = 0; res.status >= 300 && res.status < 400 && hops < 3; hops++) {
      const location = String(res.headers.location);
      res = await t().api(
        'GET',
        location.startsWith('/') ? location : `/docs/${location.replace(/^\.\//, '')}`,
      );
    }
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(res.text, /<html/i);
    assert.match(res.text, /<redoc spec-url="\/api\/v1\/openapi.json"/);
    const script = await t().api('GET', '/docs/redoc.standalone.js');
    assert.equal(script.status, 200, 'the renderer is served by the service itself (no CDN)');
    assert.match(String(script.headers['content-type']), /javascript/);
    assert.doesNotMatch(res.text, /https?:\/\//, 'the page loads nothing from elsewhere');
    // No other site may frame the page, and no browser guesses another type for it or its script.
    assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/);
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(script.headers['x-content-type-options'], 'nosniff');
  });
  it('documents the session cookie: on sign-in routes, the users routes and every route of a permission (owners and admins hold them all)', async () => {
    const doc = (await t().api('GET', '/api/v1/openapi.json')).body;
    assert.deepEqual(doc.components.securitySchemes.sessionCookie, {
      type: 'apiKey',
      in: 'cookie',
      name: 'cbo_session',
      description: doc.components.securitySchemes.sessionCookie.description,
    });
    const both = [{ bearerAuth: [] }, { sessionCookie: [] }];
    const expected: [string, string, unknown][] = [
      ['post', '/api/v1/auth/sign-in', []],
      ['get', '/api/v1/auth/invitations/{token}', []],
      ['post', '/api/v1/auth/invitations/{token}/accept', []],
      ['get', '/api/v1/auth/session', [{ sessionCookie: [] }]],
      ['post', '/api/v1/auth/sign-out', [{ sessionCookie: [] }]],
      ['get', '/api/v1/users', both],
      ['get', '/api/v1/users/me', both],
      ['post', '/api/v1/chatbots/{chatbotId}/conversations/{threadId}/replies', both],
      ['get', '/api/v1/chatbots/{chatbotId}/leads', both],
      ['patch', '/api/v1/chatbots/{chatbotId}/leads/{leadId}', both],
      ['post', '/api/v1/webhooks', both],
      ['post', '/api/v1/users', both],
      ['get', '/api/v1/widget/{chatbotId}/conversations/{threadId}/messages', [{ visitorToken: [] }]],
    ];
    for (const [method, path, security] of expected)
      assert.deepEqual(doc.paths[path]?.[method]?.security, security, `${method} ${path}`);
    // What a session of each role may do is said on each operation.
    assert.match(
      doc.paths['/api/v1/chatbots/{chatbotId}/leads'].get.description,
      /whatever the person’s role/,
    );
    assert.match(
      doc.paths['/api/v1/webhooks'].post.description,
      /A signed-in session of an owner or an admin has it too/,
    );
    assert.equal(doc.paths['/api/v1/auth/sign-in'].post.operationId, 'signIn');
    assert.deepEqual(
      doc.paths['/api/v1/auth/sign-in'].post.responses['429'].content['application/json'].schema.allOf[1]
        .properties.error.properties.code.enum,
      ['rate_limited'],
    );
    assert.ok(doc.tags.some((tag: { name: string }) => tag.name === 'Sign-in'));
  });
});
