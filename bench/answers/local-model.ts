// A tiny deterministic stand-in for an OpenAI-compatible model, for a smoke run of `bench:answers` with
// BENCH_ENGINE=openai where no real model is reachable (BENCH_LOCAL_MODEL=1). It exercises the whole
// `openai` path (question rewrite, retrieval, reference data, tools, fallback) over real HTTP; its figures
// say the path works, not how good a model would be.
// - The question rewrite: the visitor's previous message followed by the last one, in one line.
// - The answer: the sentence of the reference passages that shares the most words with the question the
//   passages were retrieved for, cited as `According to "title": …`; with no passage, cannot_answer and
//   "I don't know".
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REWRITE_PROMPT } from '../../src/modules/answers/engines/rewrite.js';

interface Message {
  role: string;
  content?: string | null;
}

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

function rewrite(data: string): string {
  const visitor = [...data.matchAll(/<turn speaker="visitor">([\s\S]*?)<\/turn>/g)].map((m) =>
    unescape(m[1]!),
  );
  const last = unescape(/<last_message>([\s\S]*)<\/last_message>/.exec(data)?.[1] ?? '');
  return [visitor.at(-1) ?? '', last].join(' ').replace(/\s+/g, ' ').trim();
}

function answer(reference: string): string | null {
  const question = wordsOf(unescape(/<question>([\s\S]*?)<\/question>/.exec(reference)?.[1] ?? ''));
  let best: { score: number; title: string; sentence: string } | null = null;
  for (const passage of reference.matchAll(/<passage [^>]*title="([^"]*)"[^>]*>\n([\s\S]*?)\n<\/passage>/g)) {
    for (const sentence of unescape(passage[2]!).split(/(?<=[.!?])\s+/)) {
      const words = wordsOf(sentence);
      const score = [...question].filter((word) => words.has(word)).length;
      if (score > 0 && (!best || score > best.score))
        best = { score, title: unescape(passage[1]!), sentence: sentence.trim() };
    }
  }
  return best ? `According to "${best.title}": ${best.sentence}` : null;
}

function reply(messages: Message[]): { content: string | null; cannotAnswer?: boolean } {
  if (messages[0]?.content === REWRITE_PROMPT)
    return { content: rewrite(String(messages[1]?.content ?? '')) };
  if (messages.at(-1)?.role === 'tool')
    return { content: "I don't know that, but a person from the team can help." };
  const text = answer(String(messages[1]?.content ?? ''));
  return text ? { content: text } : { content: null, cannotAnswer: true };
}

export async function startLocalModel(): Promise<{ baseUrl: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        model: string;
        messages: Message[];
      };
      const { content, cannotAnswer } = reply(request.messages);
      const message = cannotAnswer
        ? {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_0', type: 'function', function: { name: 'cannot_answer', arguments: '{}' } },
            ],
          }
        : { role: 'assistant', content };
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-local',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: request.model,
          choices: [{ index: 0, message, finish_reason: cannotAnswer ? 'tool_calls' : 'stop' }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server };
}
