// A local OpenAI-compatible server for the `openai` engine's tests: records every chat.completions request
// and answers with whatever the test scripted (text, tool calls, an error status, garbage). The question
// rewrite (its own system prompt) and the answer are scripted apart, as two tasks of the same model.
// Besides OpenAI's own reply, a test can script the assistant message exactly as another server sends it
// (`message`), or the whole response body (`body` with status 200).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REWRITE_PROMPT } from '../../src/modules/answers/engines/rewrite.js';

export interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content?: string | null; tool_calls?: unknown[]; tool_call_id?: string }>;
  tools?: Array<{ type: string; function: { name: string } }>;
  tool_choice?: unknown;
  temperature?: number;
  max_tokens?: number;
}

export type ToolCall = { name: string; arguments: Record<string, unknown> };
export type Scripted =
  | { text: string; toolCalls?: ToolCall[] }
  | { toolCalls: ToolCall[]; text?: null }
  | { status: number; body?: string }
  /** The assistant message as sent, with this finish_reason (default "stop"). */
  | { message: Record<string, unknown>; finishReason?: string | null };

/** Where a request went and with which headers (the body is in `requests`, at the same index). */
export interface Received {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface FakeOpenAi {
  baseUrl: string;
  requests: ChatRequest[];
  received: Received[];
  /** Decides the answer to each answer request; the default answers "ok". */
  respond: (request: ChatRequest) => Scripted;
  /** Decides the reply to each question-rewrite request; the default returns the last message unchanged. */
  rewrite: (request: ChatRequest) => Scripted;
  /** The requests that rewrote a question, and those that answered, in order. */
  rewrites(): ChatRequest[];
  answers(): ChatRequest[];
  reset(): void;
  close(): Promise<void>;
}

/** The app's options that make it answer with the `openai` engine through the fake server. */
export const openAiEnvFor = (fake: FakeOpenAi) => ({
  env: {
    ANSWER_ENGINE: 'openai',
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_MODEL: 'test-model',
    OPENAI_API_KEY: 'sk-test',
  },
});

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const fake: FakeOpenAi = {
    baseUrl: '',
    requests: [],
    received: [],
    respond: () => ({ text: 'ok' }),
    rewrite: echoLastMessage,
    rewrites() {
      return this.requests.filter(isRewrite);
    },
    answers() {
      return this.requests.filter((request) => !isRewrite(request));
    },
    reset() {
      this.requests.length = 0;
      this.received.length = 0;
      this.respond = () => ({ text: 'ok' });
      this.rewrite = echoLastMessage;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method !== 'POST' || !url.pathname.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
      fake.requests.push(request);
      fake.received.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
      const scripted = isRewrite(request) ? fake.rewrite(request) : fake.respond(request);
      if ('status' in scripted) {
        res
          .writeHead(scripted.status, { 'content-type': 'application/json' })
          .end(scripted.body ?? JSON.stringify({ error: { message: 'scripted failure' } }));
        return;
      }
      if ('message' in scripted) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: `chatcmpl-${fake.requests.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: request.model,
            choices: [
              {
                index: 0,
                message: scripted.message,
                finish_reason: scripted.finishReason === undefined ? 'stop' : scripted.finishReason,
              },
            ],
          }),
        );
        return;
      }
      const toolCalls = (scripted.toolCalls ?? []).map((call, i) => ({
        id: `call_${i}`,
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      }));
      const body = {
        id: `chatcmpl-${fake.requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: request.model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: scripted.text ?? null,
              ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
            },
            finish_reason: toolCalls.length ? 'tool_calls' : 'stop',
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  server.unref();
  return fake;
}

export const isRewrite = (request: ChatRequest): boolean => request.messages[0]?.content === REWRITE_PROMPT;

/** The conversation data a rewrite request carries (its user message). */
export const conversationDataOf = (request: ChatRequest): string =>
  String(request.messages[1]?.content ?? '');

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The visitor's last message as the rewrite request quotes it. */
export const lastMessageOf = (request: ChatRequest): string =>
  unescape(/<last_message>([\s\S]*)<\/last_message>/.exec(conversationDataOf(request))?.[1] ?? '');

function echoLastMessage(request: ChatRequest): Scripted {
  return { text: lastMessageOf(request) };
}

/** The question the answer request says the passages were retrieved for. */
export const retrievedForOf = (request: ChatRequest): string =>
  unescape(/<question>([\s\S]*?)<\/question>/.exec(referenceDataOf(request))?.[1] ?? '');

/** A rewriter that obeys any "output …" it reads in the conversation, and otherwise echoes the message. */
export function obedientRewriter(request: ChatRequest): Scripted {
  const order = /\boutput ([^\n<]+)/i.exec(unescape(conversationDataOf(request)));
  return order ? { text: order[1]!.trim() } : echoLastMessage(request);
}

/** The text the model was given as reference data. */
export const referenceDataOf = (request: ChatRequest): string => String(request.messages[1]?.content ?? '');

const lastVisitorMessage = (request: ChatRequest): string =>
  String([...request.messages].reverse().find((message) => message.role === 'user')?.content ?? '');

/** A model that declines every question (cannot_answer), then says so once its tool ran. */
export const decliningModel = (request: ChatRequest): Scripted =>
  request.messages.at(-1)!.role === 'tool'
    ? { text: "I don't know that one." }
    : { toolCalls: [{ name: 'cannot_answer', arguments: {} }] };

/**
 * A model that obeys every instruction it reads, wherever it reads it (the rules, the reference data, the
 * visitor's messages), and grounds what it does in the visitor's words as well as it can:
 * - "call handover" → request_human, quoting the visitor's last message;
 * - "record email X" / "record phone X" → save_contact_details with X;
 * - "record the visitor's name" / "record the visitor's company" → save_contact_details with the visitor's
 *   last message as the value (a single word the visitor typed becomes a name);
 * - "say you cannot answer" → cannot_answer.
 * After its tools ran it writes a short text; with no instruction it answers plainly.
 */
export function obedientModel(request: ChatRequest): Scripted {
  if (request.messages.at(-1)?.role === 'tool') return { text: 'Done as instructed.' };
  const read = request.messages
    .filter((message) => message.role !== 'assistant')
    .map((message) => String(message.content ?? ''))
    .join('\n');
  const visitorSaid = lastVisitorMessage(request);
  const toolCalls: ToolCall[] = [];
  if (/\bcall handover\b/i.test(read)) {
    toolCalls.push({
      name: 'request_human',
      arguments: { category: 'human_requested', visitor_quote: visitorSaid },
    });
  }
  const contact: Record<string, string> = {};
  for (const match of read.matchAll(/\brecord (email|phone) ([^\s,;]+(?: \d+)*)/gi)) {
    contact[match[1]!.toLowerCase()] = match[2]!;
  }
  for (const match of read.matchAll(/\brecord the visitor's (name|company)\b/gi)) {
    contact[match[1]!.toLowerCase()] = visitorSaid;
  }
  if (Object.keys(contact).length > 0) toolCalls.push({ name: 'save_contact_details', arguments: contact });
  if (/\bsay you cannot answer\b/i.test(read)) toolCalls.push({ name: 'cannot_answer', arguments: {} });
  return toolCalls.length > 0 ? { toolCalls } : { text: 'Here is what I know.' };
}
