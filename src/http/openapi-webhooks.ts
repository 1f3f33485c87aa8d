// The `webhooks` section of the OpenAPI document: the requests the service sends to the endpoints an
// account registers, one per event type, with their headers and the signature rule.
const SIGNATURE_RULE = [
  'Every event is an HTTPS POST with a JSON body, signed with the endpoint’s secret (`whsec_…`, shown once, at creation).',
  '',
  '**Verify before parsing.** Read `Service-Signature: t=<unix seconds>,v1=<hex>`; compute the lowercase hex HMAC-SHA256 of',
  '`<t>.<raw body>` keyed with the whole secret (`whsec_` prefix included); compare with `v1` in constant time; refuse a',
  '`t` more than 300 seconds old. Stripe-style verifiers read this format as is.',
  '',
  '**Answer 2xx within 10 seconds.** Anything else (3xx included), a timeout or a TLS error is a failure: the event is sent',
  'again up to 6 times over about half an hour, and after 20 failures in a row the endpoint is switched off',
  '(`active: false`, `disabledReason`). Redirects are not followed.',
  '',
  '**At least once, in any order.** The same event can arrive more than once, always with the same `id` (also in',
  '`Service-Delivery`): record the ids you have handled. Order by `createdAt`, when the event happened.',
].join('\n');

const headerParameter = (name: string, description: string, example: string) => ({
  in: 'header',
  name,
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

const HEADERS = [
  headerParameter('Service-Event', 'The event type.', 'conversation.escalated'),
  headerParameter('Service-Delivery', 'The event id: the same on every retry of one event.', 'evt_4f1c2b8e9a7d6c5b4a3f2e1d0c9b8a7f'),
  headerParameter('Service-Signature', '`t=<unix seconds>,v1=<lowercase hex HMAC-SHA256 of "<t>.<raw body>">`.', 't=1763805600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd'),
];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const ESCALATION = {
  type: 'object',
  required: ['reason', 'category', 'urgency'],
  properties: {
    reason: { type: 'string', description: 'A readable sentence.', examples: ['The visitor asked to talk to a person.'] },
    category: { type: 'string', enum: ['human_requested', 'complaint', 'unanswered', 'other'] },
    urgency: { type: 'string', enum: ['low', 'medium', 'high'] },
  },
};

function event(type: string, summary: string, data: Record<string, unknown>, required: string[]) {
  return {
    post: {
      operationId: `on${type.replace(/(^|[._])(\w)/g, (_, __, c: string) => c.toUpperCase())}`,
      summary,
      description: SIGNATURE_RULE,
      tags: ['Webhook events'],
      security: [],
      parameters: HEADERS.map((h) => (h.name === 'Service-Event' ? { ...h, example: type } : h)),
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['id', 'type', 'createdAt', 'data'],
              properties: {
                id: { type: 'string', pattern: '^evt_', description: 'Identical on every retry of this event.' },
                type: { type: 'string', enum: [type] },
                createdAt: { type: 'string', format: 'date-time', description: 'When the event happened.' },
                data: { type: 'object', required, properties: data },
              },
            },
          },
        },
      },
      responses: {
        '200': { description: 'Any 2xx within 10 seconds acknowledges the event.' },
      },
    },
  };
}

export const WEBHOOK_EVENTS = {
  'conversation.escalated': event(
    'conversation.escalated',
    'A conversation was handed to the team',
    { conversation: ref('Conversation'), escalation: ESCALATION },
    ['conversation', 'escalation'],
  ),
  'conversation.resolved': event('conversation.resolved', 'A conversation was marked resolved', { conversation: ref('Conversation') }, ['conversation']),
  'lead.captured': event('lead.captured', 'A visitor left an email address or phone number (once per lead)', { lead: ref('Lead') }, ['lead']),
  'knowledge.synced': event('knowledge.synced', 'A knowledge source finished processing: ready, or failed with its error', { source: ref('Source') }, ['source']),
  'webhook.test': event(
    'webhook.test',
    'Sent by POST /webhooks/{webhookId}/test',
    { webhook: { type: 'object', required: ['id', 'url'], properties: { id: { type: 'string', format: 'uuid' }, url: { type: 'string' } } } },
    ['webhook'],
  ),
};
