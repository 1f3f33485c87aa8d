// The `webhooks` section of the OpenAPI document: the requests the service sends to the endpoints an
// account registers, one per type of the event catalogue (src/events/catalogue.ts, which gives each body's
// schema), with their headers and the signature rule.
import { EVENT_CATALOGUE, eventBodySchema, type DeclaredEventType } from '../events/catalogue.js';

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
  headerParameter(
    'Service-Delivery',
    'The event id: the same on every retry of one event.',
    'evt_4f1c2b8e9a7d6c5b4a3f2e1d0c9b8a7f',
  ),
  headerParameter(
    'Service-Signature',
    '`t=<unix seconds>,v1=<lowercase hex HMAC-SHA256 of "<t>.<raw body>">`.',
    't=1763805600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
  ),
];

/** One event's entry: the POST the service sends, its headers, and its body's schema from the catalogue. */
function event(type: DeclaredEventType) {
  return {
    post: {
      operationId: `on${type.replace(/(^|[._])(\w)/g, (_, __, c: string) => c.toUpperCase())}`,
      summary: EVENT_CATALOGUE[type].summary,
      description: SIGNATURE_RULE,
      tags: ['Webhook events'],
      security: [],
      parameters: HEADERS.map((h) => (h.name === 'Service-Event' ? { ...h, example: type } : h)),
      requestBody: {
        required: true,
        content: { 'application/json': { schema: eventBodySchema(type) } },
      },
      responses: {
        '200': { description: 'Any 2xx within 10 seconds acknowledges the event.' },
      },
    },
  };
}

/**
 * The `webhooks` section, one entry per type of the event catalogue, in its order. The schemas of the
 * resources the events show (those with a `title`) become references to the document's components when the
 * document is finished.
 */
export const webhookEvents = () =>
  Object.fromEntries(
    (Object.keys(EVENT_CATALOGUE) as DeclaredEventType[]).map((type) => [type, event(type)]),
  );
