// `npm run bench:memory`: how much memory processing a 50 MB upload takes, per format (text, CSV, PDF,
// DOCX), from the upload's first byte until the source is `ready`. Not a test: it prints figures (recorded
// in docs/benchmarks.md).
//
// The service runs in this process (startService, SQLite in a temporary DATA_DIR, role all: the API and
// the job worker with its file-reading threads, whose memory is this process's too). A child process
// streams each file from disk over a real socket, so the upload is not held by the measuring process. The
// process's RSS is sampled every 10 ms from before the upload until the source is ready (or failed); the
// figure is the peak above idle, idle being the RSS after a small file of the same format was processed
// (threads started, readers loaded) and a garbage collection. Target: under 256 MiB above idle.
//
// Inputs are generated once into tmp/bench-cache (gitignored) and reused. Environment: BENCH_FORMATS
// (comma list of text, csv, pdf, docx; default all), BENCH_FILE_MB (default 50; the upload limit is 50 MiB).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import JSZip from 'jszip';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { loadConfig } from '../src/config.js';
import { startService } from '../src/main.js';
import { PERMISSIONS } from '../src/domain/permissions.js';
import { prng } from './support.js';

const MiB = 2 ** 20;
const FILE_BYTES = Math.min(50 * MiB, Math.round(Number(process.env.BENCH_FILE_MB ?? 50) * 1e6));
const FORMATS = (process.env.BENCH_FORMATS ?? 'text,csv,pdf,docx').split(',') as Format[];
const CACHE = resolve('tmp/bench-cache');
const TARGET_MIB = 256;
type Format = 'text' | 'csv' | 'pdf' | 'docx';
const CONTENT_TYPES: Record<Format, string> = {
  text: 'text/plain',
  csv: 'text/csv',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
const EXTENSIONS: Record<Format, string> = { text: 'txt', csv: 'csv', pdf: 'pdf', docx: 'docx' };

// ---------------------------------------------------------------------------------------------------
// Inputs

const SYLLABLES = 'ka lo mi ne ru sa ti vo ze pa de gu ri mo la so ta ve xi bo fu'.split(' ');
function words(count: number, random: () => number): string[] {
  const vocabulary = Array.from({ length: 4000 }, () => {
    let word = '';
    for (let i = 2 + Math.floor(random() * 3); i > 0; i--)
      word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    return word;
  });
  return Array.from(
    { length: count },
    () => vocabulary[Math.floor(random() ** 2 * vocabulary.length)] as string,
  );
}

/** Paragraphs of prose, about `bytes` long, made a paragraph at a time. */
function* paragraphs(bytes: number, seed: number): Generator<string> {
  const random = prng(seed);
  const pool = words(200_000, random);
  let made = 0;
  let at = 0;
  while (made < bytes) {
    const sentences: string[] = [];
    for (let s = 3 + Math.floor(random() * 4); s > 0; s--) {
      const length = 8 + Math.floor(random() * 10);
      const sentence = pool.slice(at % (pool.length - 20), (at % (pool.length - 20)) + length).join(' ');
      at += length + Math.floor(random() * 7);
      sentences.push(`${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`);
    }
    const paragraph = sentences.join(' ');
    made += paragraph.length + 2;
    yield paragraph;
  }
}

async function writeStreamed(path: string, pieces: Iterable<string>): Promise<void> {
  const out = createWriteStream(path);
  for (const piece of pieces)
    if (!out.write(piece)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

function* textPieces(bytes: number): Generator<string> {
  let section = 0;
  let made = 0;
  for (const paragraph of paragraphs(bytes - 200, 11)) {
    if (made % 20_000 < paragraph.length) {
      const heading = `\n# Section ${++section}\n\n`;
      made += heading.length;
      yield heading;
    }
    made += paragraph.length + 2;
    yield `${paragraph}\n\n`;
  }
}

function* csvPieces(bytes: number): Generator<string> {
  const random = prng(5);
  const pool = words(50_000, random);
  yield 'id,product,category,price,stock,description\n';
  let made = 0;
  for (let id = 1; made < bytes - 300; id++) {
    const pick = () => pool[Math.floor(random() * pool.length)] as string;
    const line = `${id},${pick()} ${pick()},${pick()},${(random() * 500).toFixed(2)},${Math.floor(random() * 1000)},"${Array.from({ length: 12 }, pick).join(' ')}"\n`;
    made += line.length;
    yield line;
  }
}

/** A PDF of 300 pages of text whose size comes from a photo-like image (random samples) on its first page. */
async function pdfFile(bytes: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = paragraphs(300 * 45 * 80, 7);
  let imageRef;
  for (let p = 0; p < 300; p++) {
    const page = pdf.addPage([595, 842]);
    let y = 790;
    // One generator for every page (a for…of that breaks would close it after the first page).
    for (let next = lines.next(); !next.done && y > 60; next = lines.next()) {
      const paragraph = next.value;
      for (let i = 0; i < paragraph.length && y > 60; i += 90, y -= 16)
        page.drawText(paragraph.slice(i, i + 90), { x: 50, y, size: 9, font });
      y -= 8;
    }
    if (p === 0) {
      const side = Math.floor(Math.sqrt(Math.max(1, bytes - 2 * MiB) / 3));
      const image = pdf.context.stream(randomBytes(side * side * 3), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      });
      imageRef = pdf.context.register(image);
      page.node.setXObject(PDFName.of('Photo'), imageRef);
    }
  }
  return pdf.save({ useObjectStreams: false });
}

/**
 * A DOCX of text paragraphs under headings (12 MiB of them, its XML inflated 14 MB; the small warm-up
 * file has half its size in text) and a photo-like image filling it to `bytes`.
 */
async function docxFile(bytes: number): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId5" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/photo.png"/></Relationships>',
  );
  const body: string[] = [];
  let section = 0;
  for (const paragraph of paragraphs(Math.min(12 * MiB, bytes / 2), 3)) {
    if (body.length % 40 === 0)
      body.push(
        `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Section ${++section}</w:t></w:r></w:p>`,
      );
    body.push(`<w:p><w:r><w:t xml:space="preserve">${paragraph}</w:t></w:r></w:p>`);
  }
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>${body.join('')}</w:body></w:document>`,
  );
  const head = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  zip.file('word/media/photo.png', randomBytes(Math.max(1, bytes - head.length - 4096)), {
    compression: 'STORE',
  });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function input(format: Format, bytes: number, name: string): Promise<string> {
  mkdirSync(CACHE, { recursive: true });
  const path = join(CACHE, `${name}-${bytes}.${EXTENSIONS[format]}`);
  if (existsSync(path)) return path;
  const started = performance.now();
  if (format === 'text') await writeStreamed(path, textPieces(bytes));
  else if (format === 'csv') await writeStreamed(path, csvPieces(bytes));
  else if (format === 'pdf') writeFileSync(path, await pdfFile(bytes));
  else writeFileSync(path, await docxFile(bytes));
  console.log(
    `  made ${path} (${(statSync(path).size / MiB).toFixed(1)} MiB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return path;
}

// ---------------------------------------------------------------------------------------------------
// The run

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** Streams `path` as a multipart upload from a child process; resolves with the answer's status and body. */
function upload(
  url: string,
  token: string,
  path: string,
  format: Format,
): Promise<{ status: number; body: string }> {
  const boundary = '----chatbotOpsMemoryBench';
  const client = `
    const http = require('node:http'); const fs = require('node:fs');
    const [url, token, path, type, name] = process.argv.slice(1);
    const head = Buffer.from('--${boundary}\\r\\nContent-Disposition: form-data; name="file"; filename="' + name + '"\\r\\nContent-Type: ' + type + '\\r\\n\\r\\n');
    const tail = Buffer.from('\\r\\n--${boundary}--\\r\\n');
    const size = fs.statSync(path).size;
    const req = http.request(url, { method: 'POST', headers: { authorization: 'Bearer ' + token,
      'content-type': 'multipart/form-data; boundary=${boundary}', 'content-length': head.length + size + tail.length } }, (res) => {
      let body = ''; res.on('data', (c) => (body += c)); res.on('end', () => process.stdout.write(JSON.stringify({ status: res.statusCode, body })));
    });
    req.write(head);
    fs.createReadStream(path).on('end', () => req.end(tail)).pipe(req, { end: false });
  `;
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      ['-e', client, url, token, path, CONTENT_TYPES[format], `upload.${EXTENSIONS[format]}`],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', () => {
      try {
        resolvePromise(JSON.parse(out) as { status: number; body: string });
      } catch (error) {
        reject(error);
      }
    });
    child.on('error', reject);
  });
}

interface Row {
  format: Format;
  fileMiB: number;
  idleMiB: number;
  peakAboveIdleMiB: number;
  uploadPeakAboveIdleMiB: number;
  seconds: number;
  status: string;
  chunks: number;
}

async function main(): Promise<void> {
  if (!(globalThis as { gc?: unknown }).gc)
    console.log('(run with --expose-gc for a steadier idle figure: npm run bench:memory does)');
  const dataDir = mkdtempSync(join(tmpdir(), 'cbo-bench-memory-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
    BOOTSTRAP: 'false',
  });
  const service = await startService(config, { role: 'all' });
  const rows: Row[] = [];
  try {
    const { accounts, chatbots, knowledge } = service.deps;
    const account = await accounts.createAccount({ name: 'Bench account' });
    const user = await accounts.createUser({
      accountId: account.id,
      name: 'Bench User',
      email: 'bench@example.com',
    });
    const chatbot = await chatbots.createChatbot({ accountId: account.id, name: 'Bench bot' });
    const { token } = await accounts.createToken({
      userId: user.id,
      scopes: [...PERMISSIONS],
      name: 'bench',
    });
    const principal = await accounts.authenticate(token);
    if (!principal) throw new Error('the bench token does not authenticate');
    const url = `${service.url ?? ''}/chatbots/${chatbot.id}/knowledge/files`;
    const cpu = cpus();
    console.log(
      `node ${process.version}, ${cpu.length} CPUs (${cpu[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB; load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );

    const untilSettled = async (sourceId: string, onSample: () => void) => {
      for (;;) {
        onSample();
        const source = await knowledge.getSource(principal, chatbot.id, sourceId);
        if (source.status === 'ready' || source.status === 'failed') return source;
        await sleep(100);
      }
    };

    for (const format of FORMATS) {
      const small = await input(format, 200_000, 'small');
      const big = await input(format, FILE_BYTES, 'big');
      // Warm-up: the file-reading thread started and its readers loaded, then idle is taken.
      const warm = await upload(url, token, small, format);
      if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status}: ${warm.body}`);
      await untilSettled(
        (JSON.parse(warm.body) as { data: { source: { id: string } } }).data.source.id,
        () => undefined,
      );
      gc();
      await sleep(500);
      gc();
      const idle = process.memoryUsage().rss;
      let peak = idle;
      let uploadPeak = idle;
      const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
      const sampler = setInterval(sample, 10);
      const started = performance.now();
      const answer = await upload(url, token, big, format);
      uploadPeak = peak;
      if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${answer.body}`);
      const sourceId = (JSON.parse(answer.body) as { data: { source: { id: string } } }).data.source.id;
      const source = await untilSettled(sourceId, sample);
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      const chunks = Number(
        (
          await service.deps.db
            .selectFrom('knowledge_chunks')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('source_id', '=', sourceId)
            .executeTakeFirst()
        )?.n ?? 0,
      );
      const row: Row = {
        format,
        fileMiB: statSync(big).size / MiB,
        idleMiB: idle / MiB,
        peakAboveIdleMiB: (peak - idle) / MiB,
        uploadPeakAboveIdleMiB: (uploadPeak - idle) / MiB,
        seconds,
        status: source.status === 'failed' ? `failed: ${source.error ?? ''}` : source.status,
        chunks,
      };
      rows.push(row);
      console.log(
        `${format.padEnd(5)} ${row.fileMiB.toFixed(1)} MiB → ${row.status}, ${chunks} chunks in ${seconds.toFixed(1)} s; idle ${row.idleMiB.toFixed(0)} MiB; peak above idle ${row.peakAboveIdleMiB.toFixed(0)} MiB (upload alone ${row.uploadPeakAboveIdleMiB.toFixed(0)} MiB)`,
      );
      await knowledge.deleteSource(principal, chatbot.id, sourceId);
    }
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nload average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const met = rows.every((row) => row.status === 'ready' && row.peakAboveIdleMiB < TARGET_MIB);
  for (const row of rows)
    console.log(
      `${row.format}: ${row.peakAboveIdleMiB.toFixed(0)} MiB above idle at the peak (target < ${TARGET_MIB}) — ${row.status === 'ready' && row.peakAboveIdleMiB < TARGET_MIB ? 'met' : 'MISSED'}`,
    );
  console.log(met ? 'targets met' : 'TARGETS MISSED');
  process.exitCode = met ? 0 : 1;
}

await main();
