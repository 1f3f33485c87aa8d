// Named types, read out of the generated `paths` (the document has no named component schemas yet, so
// each is the type of a field of an operation's answer).
import type { paths } from './generated/schema.js';

export type { paths } from './generated/schema.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Responses<P extends keyof paths, M extends Method> = Operation<P, M> extends { responses: infer R } ? R : never;
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type SuccessStatus = 200 | 201 | 202;

/** The JSON body of the 2xx answer of `M P`: the whole envelope `{ ok, data, meta }`. */
export type SuccessBody<P extends keyof paths, M extends Method> = Json<
  Responses<P, M>[Extract<keyof Responses<P, M>, SuccessStatus>]
>;
/** `data` of the 2xx answer of `M P`. */
export type DataOf<P extends keyof paths, M extends Method> = SuccessBody<P, M> extends { data: infer D } ? D : never;
/** Query parameters of `M P`. */
export type QueryOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
/** JSON request body of `M P`. */
export type BodyOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** `meta.pagination` of every list. */
export interface Pagination {
  limit: number;
  hasMore: boolean;
  nextCursor: string | null;
}

export type Chatbot = DataOf<'/api/v1/chatbots/{chatbotId}', 'get'>['chatbot'];

/** A knowledge source; `text` is there only when asked for (`include: 'text'`). */
export type KnowledgeSource = DataOf<'/api/v1/chatbots/{chatbotId}/knowledge/{sourceId}', 'get'>['source'];
export type KnowledgeSourceSummary = DataOf<'/api/v1/chatbots/{chatbotId}/knowledge', 'get'>['sources'][number];

export type Lead = DataOf<'/api/v1/chatbots/{chatbotId}/leads/{leadId}', 'get'>['lead'];

export type Conversation = DataOf<'/api/v1/chatbots/{chatbotId}/conversations/{threadId}', 'get'>['conversation'];
export type Message = DataOf<'/api/v1/chatbots/{chatbotId}/conversations/{threadId}/messages', 'get'>['messages'][number];

export type Webhook = DataOf<'/api/v1/webhooks', 'get'>['webhooks'][number];
/** The endpoint as created, with its `secret` (shown this once). */
export type CreatedWebhook = DataOf<'/api/v1/webhooks', 'post'>['webhook'];
export type WebhookDelivery = DataOf<'/api/v1/webhooks/{webhookId}/deliveries', 'get'>['deliveries'][number];
/** A type of event an endpoint can subscribe to. */
export type WebhookEventType = BodyOf<'/api/v1/webhooks', 'post'>['events'][number];
