// Helpers of the knowledge tests: running background work, reading events (checked against the event
// catalogue), and building multipart bodies (small ones in memory, large ones generated as streams at test
// time, never committed).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import type { ChunkIndex } from '../../src/modules/answers/index.js';
import { createChunkIndex } from '../../src/modules/knowledge/index.js';
import { startWorkers, type Workers } from '../../src/workers.js';
import type { TestApp } from '../support/app.js';
import { assertCatalogued } from '../support/events.js';

export const MiB = 1024 * 1024;

export function fixture(name: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`../fixtures/knowledge/${name}`, import.meta.url)));
}

/** The app's chunks as retrieval reads them (what its knowledge service searches). */
export function chunksOf(t: TestApp): ChunkIndex {
  return createChunkIndex(t.db, t.deps.runtimes.knowledge.search);
}

/** Runs every due job (and the jobs those enqueue) to the end. */
export async function runJobs(t: TestApp): Promise<void> {
  const workers = startWorkers(t.deps, { autostart: false });
  try {
    await workers.jobs.drain();
  } finally {
    await workers.stop();
  }
}

export async function withWorkers<T>(t: TestApp, work: (workers: Workers) => Promise<T>): Promise<T> {
  const workers = startWorkers(t.deps, { autostart: false });
  try {
    return await work(workers);
  } finally {
    await workers.stop();
  }
}

/** Stops OCR workers started by the app, so the test process can end. */
export const closeRuntime = (t: TestApp) => t.deps.runtimes.knowledge.close();

export interface SyncedEvent {
  id: string;
  type: string;
  createdAt: string;
  data: { source: Record<string, unknown> };
}

export async function syncedEvents(t: TestApp, sourceId: string): Promise<SyncedEvent[]> {
  const rows = await t.db
    .selectFrom('events')
    .select(['body'])
    .where('type', '=', 'knowledge.synced')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const events = rows
    .map((row) => JSON.parse(row.body) as SyncedEvent)
    .filter((event) => event.data.source.id === sourceId);
  for (const event of events) assertCatalogued(event);
  return events;
}

export async function getSource(
  t: TestApp,
  token: string,
  chatbotId: string,
  sourceId: string,
  includeText = false,
) {
  const res = await t.api('GET', `/chatbots/${chatbotId}/knowledge/${sourceId}`, {
    token,
    query: includeText ? { include: 'text' } : undefined,
  });
  return res.body.data.source;
}

export async function addText(t: TestApp, token: string, chatbotId: string, title: string, text: string) {
  const res = await t.api('POST', `/chatbots/${chatbotId}/knowledge/text`, { token, body: { title, text } });
  if (res.status !== 201) throw new Error(`adding text failed: ${res.status} ${res.text}`);
  return res.body.data.source as { id: string; status: string };
}

export async function chunkCount(t: TestApp, sourceId: string): Promise<number> {
  const row = await t.db
    .selectFrom('knowledge_chunks')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------------
// multipart/form-data

export const BOUNDARY = '----chatbotOpsTestBoundary7MA4YWxkTrZu0gW';

export interface FormPart {
  name: string;
  /** A file part when set. */
  filename?: string;
  contentType?: string;
  value: Buffer | string;
}

function partHead(part: FormPart): string {
  const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
  const type =
    part.filename === undefined ? '' : `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
  return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`;
}

export function multipartBody(parts: FormPart[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(partHead(part)),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export const multipartHeaders = (length?: number): Record<string, string> => ({
  'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
  ...(length === undefined ? {} : { 'content-length': String(length) }),
});

/** Bytes of the envelope around a generated file part, so a test can size the whole request exactly. */
export function generatedFileOverhead(filename: string): number {
  return (
    Buffer.byteLength(partHead({ name: 'file', filename, contentType: 'text/plain', value: '' })) +
    Buffer.byteLength(`\r\n--${BOUNDARY}--\r\n`)
  );
}

/**
 * A multipart body whose file part holds `fileBytes` bytes of plain text, produced 1 MiB at a time: the
 * test never holds the file in memory either. `ending` replaces the file's last bytes (another file of
 * the same size).
 */
export function generatedUpload(fileBytes: number, filename = 'big.txt', ending = ''): Readable {
  const head = Buffer.from(partHead({ name: 'file', filename, contentType: 'text/plain', value: '' }));
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const block = Buffer.alloc(MiB, 'knowledge line of text\n');
  let left = fileBytes;
  let stage: 'head' | 'body' | 'tail' | 'done' = 'head';
  return new Readable({
    read() {
      if (stage === 'head') {
        stage = 'body';
        this.push(head);
      } else if (stage === 'body') {
        if (left <= 0) {
          stage = 'tail';
          this.push(tail);
          return;
        }
        const size = Math.min(left, block.length);
        left -= size;
        const chunk = size === block.length ? block : block.subarray(0, size);
        if (left > 0 || !ending) return void this.push(chunk);
        const last = Buffer.from(chunk);
        last.write(ending, size - Buffer.byteLength(ending));
        this.push(last);
      } else if (stage === 'tail') {
        stage = 'done';
        this.push(null);
      }
    },
  });
}

export async function upload(
  t: TestApp,
  token: string,
  chatbotId: string,
  parts: FormPart[],
  headers: Record<string, string> = {},
) {
  const body = multipartBody(parts);
  return t.api('POST', `/chatbots/${chatbotId}/knowledge/files`, {
    token,
    body,
    headers: { ...multipartHeaders(body.length), ...headers },
  });
}
