// The embeddings client: texts to vectors through any OpenAI-compatible `/v1/embeddings` endpoint
// (EMBEDDINGS_BASE_URL), with the official SDK. Processing embeds a source's chunks in batches, with
// retries; a question is embedded once, quickly or not at all (retrieval then goes on without vectors).
// Vectors are returned scaled to length 1, so that cosine similarity is a plain dot product.
import OpenAI from 'openai';
import type { EmbeddingsConfig } from '../../../config.js';

/** Texts per request: well under providers' limits (2,048 inputs, about 300,000 tokens for ~1,000-character chunks). */
const EMBEDDING_BATCH = 64;
/** A batch of chunks may take a while on a busy server; a question must not hold up the answer. */
const DOCUMENT_TIMEOUT_MS = 60_000;
const QUESTION_TIMEOUT_MS = 5_000;
/** Retries of one batch (the SDK's, with backoff; it honours Retry-After). The processing job retries as a whole after that. */
const DOCUMENT_RETRIES = 2;

/**
 * Why texts could not be embedded, in words for people: the processing run copies it into the source's
 * `error` when the job gives up. `permanent` when retrying cannot help (a key refused, an unknown model).
 */
export class EmbeddingsError extends Error {
  override readonly name = 'EmbeddingsError';
  constructor(
    readonly reason: string,
    readonly permanent: boolean,
    options?: { cause?: unknown },
  ) {
    super(`${EMBEDDINGS_FAILURE_PREFIX}${reason}`, options);
  }
}

/** Opens the message of every embeddings failure, so the job's failure handler can recognise it. */
export const EMBEDDINGS_FAILURE_PREFIX = 'embeddings failed: ';

export interface EmbeddingsClient {
  /** The model every vector is made with; stored beside each vector. */
  readonly model: string;
  /** How alike a question and a passage must be for the passage to answer without sharing its words. */
  readonly minSimilarity: number;
  /** Vectors of length 1, one per text, in order. */
  embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
  embedQuestion(text: string): Promise<Float32Array>;
}

export function createEmbeddingsClient(config: EmbeddingsConfig): EmbeddingsClient {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    // Local OpenAI-compatible servers often need no key; the SDK insists on one.
    apiKey: config.apiKey ?? 'not-needed',
    timeout: DOCUMENT_TIMEOUT_MS,
    maxRetries: DOCUMENT_RETRIES,
  });

  async function request(input: string[], options: OpenAI.RequestOptions): Promise<Float32Array[]> {
    let response: OpenAI.CreateEmbeddingResponse;
    try {
      // Floats asked for by name: the SDK would ask for base64, which not every compatible server speaks.
      response = await client.embeddings.create(
        { model: config.model, input, encoding_format: 'float' },
        options,
      );
    } catch (error) {
      throw describeFailure(error);
    }
    return vectorsOf(response, input.length);
  }

  return {
    model: config.model,
    minSimilarity: config.minSimilarity,
    async embedDocuments(texts, signal) {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += EMBEDDING_BATCH) {
        vectors.push(...(await request(texts.slice(start, start + EMBEDDING_BATCH), { signal })));
      }
      return vectors;
    },
    async embedQuestion(text) {
      const [vector] = await request([text], { timeout: QUESTION_TIMEOUT_MS, maxRetries: 0 });
      return vector!;
    },
  };
}

/** The response's vectors in input order, checked: one per input, all of one size, finite, not all zero. */
function vectorsOf(response: OpenAI.CreateEmbeddingResponse, expected: number): Float32Array[] {
  const data = Array.isArray(response?.data) ? [...response.data].sort((a, b) => a.index - b.index) : [];
  if (data.length !== expected)
    throw new EmbeddingsError(
      `the embeddings service returned ${data.length} vectors for ${expected} texts`,
      false,
    );
  const size = data[0]?.embedding?.length ?? 0;
  return data.map(({ embedding }) => {
    if (
      !Array.isArray(embedding) ||
      embedding.length === 0 ||
      embedding.length !== size ||
      !embedding.every(Number.isFinite)
    ) {
      throw new EmbeddingsError('the embeddings service returned an unusable vector', false);
    }
    return unit(embedding);
  });
}

/** The vector scaled to length 1 (cosine similarity becomes a dot product); a zero vector stays zero. */
export function unit(values: ArrayLike<number>): Float32Array {
  let norm = 0;
  for (let i = 0; i < values.length; i++) norm += values[i]! * values[i]!;
  norm = Math.sqrt(norm);
  const vector = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) vector[i] = norm === 0 ? 0 : values[i]! / norm;
  return vector;
}

function describeFailure(error: unknown): EmbeddingsError {
  if (error instanceof EmbeddingsError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return new EmbeddingsError('the embeddings service did not answer in time', false, { cause: error });
  if (error instanceof OpenAI.APIUserAbortError)
    return new EmbeddingsError('embedding was cancelled', false, { cause: error });
  if (error instanceof OpenAI.APIConnectionError)
    return new EmbeddingsError('the embeddings service could not be reached', false, { cause: error });
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    // A refused key, an unknown model or a rejected request stays so on a retry; limits and outages pass.
    const permanent = [400, 401, 403, 404, 422].includes(error.status);
    return new EmbeddingsError(`the embeddings service answered with status ${error.status}`, permanent, {
      cause: error,
    });
  }
  return new EmbeddingsError('the embeddings service gave an unusable answer', false, { cause: error });
}
