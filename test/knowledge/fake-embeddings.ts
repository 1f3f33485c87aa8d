// A local OpenAI-compatible embeddings server (POST /v1/embeddings) for the vector-retrieval tests. Its
// vectors are deterministic and mean something: a bag of the text's words, each word first mapped through
// a small table of synonyms to its concept ("parcel", "courier" and "delivered" are all `delivery`), then
// hashed to a dimension. So a question can be close to a passage it shares no word with, as with a real
// model. The model's name picks the hashing (and the size), so vectors of two models differ.
// A test may hold requests (to look at the source meanwhile), fail them with a status, or see them all.
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EmbeddingsRequest {
  headers: IncomingHttpHeaders;
  body: { model: string; input: string[] | string; encoding_format?: string };
}

export interface FakeEmbeddings {
  /** The API base, as EMBEDDINGS_BASE_URL takes it (…/v1). */
  baseUrl: string;
  requests: EmbeddingsRequest[];
  /** A status to answer every request with, instead of vectors; null: vectors. */
  failWith: number | null;
  /** While set, requests wait (after being recorded) until `release()`. */
  holding: boolean;
  release(): void;
  /** Resolves once a request waits while `holding`. */
  held(): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

const CONCEPTS: Record<string, string> = Object.fromEntries(
  Object.entries({
    delivery: [
      'parcel',
      'parcels',
      'package',
      'courier',
      'dispatched',
      'delivered',
      'delivery',
      'shipping',
      'shipped',
    ],
    time: ['soon', 'quickly', 'days', 'day', 'week', 'weeks', 'long'],
    money: ['refund', 'refunds', 'money', 'repaid', 'reimbursed'],
  }).flatMap(([concept, words]) => words.map((word) => [word, concept])),
);

const STOPWORDS = new Set(
  'a an and are be by can do does for from how i in is it my of on our the to up we when will with within you your'.split(
    ' ',
  ),
);

/** The vector the fake gives a text under a model: its concepts' counts, hashed into the model's size. */
export function fakeVector(text: string, model: string): number[] {
  const size = model.endsWith('-b') ? 96 : 128;
  const vector = new Array<number>(size).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (STOPWORDS.has(word)) continue;
    const concept = CONCEPTS[word] ?? word;
    const hash = createHash('sha256').update(`${model}:${concept}`).digest();
    vector[hash.readUInt32LE(0) % size]! += 1;
  }
  return vector;
}

export async function startFakeEmbeddings(): Promise<FakeEmbeddings> {
  let waiting: Array<() => void> = [];
  let onHeld: Array<() => void> = [];
  const fake: FakeEmbeddings = {
    baseUrl: '',
    requests: [],
    failWith: null,
    holding: false,
    release() {
      this.holding = false;
      for (const go of waiting.splice(0)) go();
    },
    held: () => new Promise((resolve) => (waiting.length > 0 ? resolve() : onHeld.push(resolve))),
    reset() {
      this.release();
      this.requests.length = 0;
      this.failWith = null;
      onHeld = [];
      waiting = [];
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as EmbeddingsRequest['body'];
      fake.requests.push({ headers: req.headers, body });
      const answer = () => {
        if (fake.failWith !== null) {
          // retry-after-ms: the SDK's own retries come at once instead of after its backoff.
          res
            .writeHead(fake.failWith, { 'content-type': 'application/json', 'retry-after-ms': '1' })
            .end(JSON.stringify({ error: { message: 'scripted failure' } }));
          return;
        }
        const inputs = Array.isArray(body.input) ? body.input : [body.input];
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            object: 'list',
            model: body.model,
            // In reverse order, with their indexes: the client must put them back in order.
            data: inputs
              .map((input, index) => ({
                object: 'embedding',
                index,
                embedding: fakeVector(input, body.model),
              }))
              .reverse(),
            usage: { prompt_tokens: 1, total_tokens: 1 },
          }),
        );
      };
      if (fake.holding) {
        waiting.push(answer);
        for (const notify of onHeld.splice(0)) notify();
      } else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
