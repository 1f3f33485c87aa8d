// Answer-quality benchmark (not a test): `npm run bench:answers`. Do the chatbot's answers deserve a
// visitor's trust? Three datasets (bench/answers/): a shop FAQ added as a text source, a small help-center
// website served by a local HTTP server and added with crawl "site", and a product manual generated as a
// PDF and uploaded. Each comes with 30+ questions worded as visitors write them (paraphrases, synonyms,
// typos, follow-ups in the same conversation, other languages, and questions the knowledge cannot answer),
// each with its grading key.
//
// The real service is driven end to end over its HTTP API, on a real socket: sources are added and polled
// until ready (the job worker runs as in production), conversations are started and visitor messages sent
// through the API channel, and every answer is graded automatically:
//   right       it holds every fact of the key (and none of the facts that would make it wrong)
//   wrong       it answers, but not with the key's facts; for an unanswerable question: any answer at all
//   don't know  it says it does not know (the engine's own wording, or a handover notice)
// For each dataset and overall: right %, wrong %, don't-know % of all questions (an unanswerable question
// answered with "don't know" counts as right), and the share of unanswerable questions answered with
// "don't know".
//
// Two groups of datasets, reported apart: the development sets (the three above, their calibration and
// earlier held-out questions, and eight newer ones in bench/answers/development/: a bike-rental website, a
// clinic's DOCX patient guide, an invoicing tool's PDF manual, an outdoor shop's CSV catalogue with its
// policies, the four sets that were held out until 2026-11-27: a dog hotel's website, a coworking
// space's DOCX handbook, a kitchenware CSV catalogue, a ferry's PDF timetable, and three sets written blind
// to the engine on 2026-11-27/28 and measured once on the code of that day before any tuning: a fitness
// studio's CSV timetable, an energy supplier's PDF tariffs, a harbour museum's website; the engine is
// tuned on them)
// and the held-out sets (bench/answers/held-out/: a town library's website, a mobile operator's PDF tariffs,
// a language school's CSV catalogue with its policies, a software company's plain-text FAQ, written blind
// on 2026-11-27 and never tuned on).
//
// Environment: BENCH_SET (development, held-out, or both, the default), BENCH_DIALECTS (default sqlite; sqlite,postgres or postgres for PostgreSQL at
// TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test), BENCH_ENGINE (extractive, the
// default, or openai: with OPENAI_API_KEY or OPENAI_BASE_URL set, OPENAI_MODEL optional; skipped otherwise;
// BENCH_LOCAL_MODEL=1 runs it against a deterministic local stand-in, bench/answers/local-model.ts, a smoke
// run of the path whose figures are not a model's), BENCH_VERBOSE=1 to print every question with its answer
// and verdict, BENCH_DATASET to run only the sets whose name holds it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { buildApp } from '../src/app.js';
import type { DialectName } from '../src/db/dialect.js';
import { PERMISSIONS } from '../src/domain/permissions.js';
import { searchKnowledge } from '../src/modules/answers/index.js';
import { createChunkIndex } from '../src/modules/knowledge/index.js';
import type { SearchCaches } from '../src/modules/knowledge/search/search.dialect.js';
import { DONT_KNOW } from '../src/modules/answers/wording.js';
import type { Db } from '../src/db/database.js';
import { HANDOVER_PENDING } from '../src/modules/conversations/replies.js';
import { startWorkers } from '../src/workers.js';
import type { BenchQuestion, Dataset, KnowledgeMaterial, QuestionKind } from './answers/dataset.js';
import { helpCenter, helpCenterSite } from './answers/help-center.js';
import { MANUAL_TITLE, manualPdf, pdfManual } from './answers/pdf-manual.js';
import { SHOP_FAQ_TEXT, SHOP_FAQ_TITLE, shopFaq } from './answers/shop-faq.js';
import { HELD_OUT_DATASETS } from './answers/held-out/index.js';
import { NEW_DEVELOPMENT_DATASETS } from './answers/development/index.js';
import { startLocalModel } from './answers/local-model.js';
import { PG_URL, openBenchService, postgresReachable } from './support.js';

const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite').split(',') as DialectName[];
const ENGINE = process.env.BENCH_ENGINE ?? 'extractive';
const VERBOSE = process.env.BENCH_VERBOSE === '1';
/** With BENCH_VERBOSE: for each answer not right, what the chatbot stood on (`POST …/try`): why it declined, the passages weighed. */
const GROUNDS = VERBOSE && process.env.BENCH_GROUNDS === '1';
/**
 * The development sets: the engine was calibrated on all of their questions. The first three have their
 * material wired below (`materialOf`); the newer ones (bench/answers/development/) carry theirs.
 */
const DEVELOPMENT: Dataset[] = [shopFaq, helpCenter, pdfManual, ...NEW_DEVELOPMENT_DATASETS];
/** Which group to run: `development`, `held-out` or `both`. */
const SET = process.env.BENCH_SET ?? 'both';
/** BENCH_DATASET: only the sets whose name holds it (a quicker run while working on one kind of knowledge). */
const only = (datasets: Dataset[]) =>
  datasets.filter((dataset) =>
    dataset.name.toLowerCase().includes((process.env.BENCH_DATASET ?? '').toLowerCase()),
  );
const GROUPS: Array<{ name: string; datasets: Dataset[] }> = [
  ...(SET === 'development' || SET === 'both' ? [{ name: 'development', datasets: only(DEVELOPMENT) }] : []),
  ...(SET === 'held-out' || SET === 'both' ? [{ name: 'held-out', datasets: only(HELD_OUT_DATASETS) }] : []),
];
if (GROUPS.length === 0) {
  console.error(`BENCH_SET must be development, held-out or both, not ${SET}`);
  process.exit(2);
}
/** A dataset's questions: a development set's calibration and earlier held-out ones, a held-out set's own. */
const conversationsOf = (dataset: Dataset) => [...dataset.conversations, ...dataset.heldOut];

// ---------------------------------------------------------------------------------------------------
// Grading

type Verdict = 'right' | 'wrong' | 'dont_know';

/** Lower case, no accents, one kind of apostrophe, single spaces: how answers and keys are compared. */
export const normalise = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/**
 * How the service says it does not know: the extractive engine's sentence, the notice when the chatbot
 * hands the conversation to the team after failing to answer, and (for a model) the usual phrasings.
 */
const DONT_KNOW_SIGNS: RegExp[] = [
  new RegExp(normalise(DONT_KNOW).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  /^i'm sorry i couldn't help with that/,
  /\b(?:i|we) (?:don't|do not) (?:know|have (?:any |that )?information)\b/,
  /\b(?:i'm not sure|i am not sure|i couldn't find|i could not find|i can't find|i cannot find|i'm unable to|i am unable to)\b/,
  /\ba person will join this conversation\b|\bsomeone will join this conversation\b/,
];

/** The answer without the reminder that the team was told (added to every answer while a handover is open). */
const withoutPendingNotice = (text: string) => text.replace(`\n\n${HANDOVER_PENDING}`, '');

/**
 * The local site's address as the answer cites it: its port changes from run to run, and a key's number
 * ("14", "30") must not be found in it.
 */
const withoutLocalAddress = (text: string) => text.replace(/\bhttps?:\/\/127\.0\.0\.1:\d+/g, 'http://site');

export function grade(question: BenchQuestion, answer: string | null): Verdict {
  const text = normalise(withoutLocalAddress(withoutPendingNotice(answer ?? '')));
  if (answer === null || DONT_KNOW_SIGNS.some((sign) => sign.test(text))) return 'dont_know';
  if (!question.facts) return 'wrong';
  const holds = question.facts.every((group) => group.some((fact) => text.includes(normalise(fact))));
  const contradicts = (question.not ?? []).some((fact) => text.includes(normalise(fact)));
  return holds && !contradicts ? 'right' : 'wrong';
}

interface Graded {
  question: BenchQuestion;
  answer: string | null;
  verdict: Verdict;
  /** Why a wrong answer is wrong (causeOf); absent for the others. */
  cause?: Cause;
}

/**
 * Why an answer is wrong, told from the knowledge as stored and the passages retrieval finds for the
 * question (the engine's pool):
 *   answered-unanswerable  the knowledge does not say, and the chatbot answered anyway;
 *   lost-before-answering  no stored chunk holds the facts: extraction or chunking lost them (or split them);
 *   not-retrieved          a chunk holds them, but retrieval's pool for the question does not;
 *   other-passage          the pool holds a passage with the facts, and another one was quoted;
 *   wrong-part             the passage quoted holds the facts, but the excerpt chose other sentences of it;
 *   contradicted           the answer holds the facts and a neighbouring fact that makes it wrong.
 */
type Cause =
  | 'answered-unanswerable'
  | 'lost-before-answering'
  | 'not-retrieved'
  | 'other-passage'
  | 'wrong-part'
  | 'contradicted';

const CAUSES: Cause[] = [
  'answered-unanswerable',
  'lost-before-answering',
  'not-retrieved',
  'other-passage',
  'wrong-part',
  'contradicted',
];
/** The pool the extractive engine weighs (engines/extractive.ts: RELEVANCE_POOL). */
const POOL = 20;

const holdsFacts = (question: BenchQuestion, text: string): boolean =>
  (question.facts ?? []).every((group) => group.some((fact) => normalise(text).includes(normalise(fact))));

async function causeOf(db: Db, search: SearchCaches, chatbotId: string, graded: Graded): Promise<Cause> {
  const { question, answer } = graded;
  if (!question.facts) return 'answered-unanswerable';
  // (the citation's local address is no fact: its port number changes from run to run)
  if (holdsFacts(question, withoutLocalAddress(answer ?? ''))) return 'contradicted';
  const chunks = await db
    .selectFrom('knowledge_chunks')
    .select('text')
    .where('chatbot_id', '=', chatbotId)
    .execute();
  if (!chunks.some((chunk) => holdsFacts(question, chunk.text))) return 'lost-before-answering';
  const pool = await searchKnowledge(createChunkIndex(db, search), chatbotId, question.ask, POOL);
  const answering = pool.filter((passage) => holdsFacts(question, passage.text));
  if (answering.length === 0) return 'not-retrieved';
  // The quote: what follows the citation, its first words found in the passage it came from.
  const quoted = normalise((answer ?? '').replace(/^(?:yes\.|no\.)?\s*according to [^:]*:\s*/i, '')).slice(
    0,
    40,
  );
  return answering.some((passage) => normalise(passage.text).includes(quoted))
    ? 'wrong-part'
    : 'other-passage';
}

interface Tally {
  total: number;
  right: number;
  wrong: number;
  dontKnow: number;
  unanswerable: number;
  unanswerableHandled: number;
}

function tally(results: Graded[]): Tally {
  const t: Tally = { total: 0, right: 0, wrong: 0, dontKnow: 0, unanswerable: 0, unanswerableHandled: 0 };
  for (const { question, verdict } of results) {
    t.total++;
    if (question.kind === 'unanswerable') {
      t.unanswerable++;
      if (verdict === 'dont_know') {
        t.unanswerableHandled++;
        t.right++;
      } else t.wrong++;
    } else if (verdict === 'right') t.right++;
    else if (verdict === 'wrong') t.wrong++;
    else t.dontKnow++;
  }
  return t;
}

const pct = (n: number, of: number) => (of === 0 ? '  n/a' : `${((100 * n) / of).toFixed(1).padStart(5)} %`);

function summary(label: string, t: Tally): string {
  return `${label.padEnd(36)} ${String(t.total).padStart(3)} questions   right ${pct(t.right, t.total)}   wrong ${pct(t.wrong, t.total)}   don't know ${pct(t.dontKnow, t.total)}   unanswerable → "don't know" ${t.unanswerableHandled}/${t.unanswerable} (${pct(t.unanswerableHandled, t.unanswerable).trim()})`;
}

// ---------------------------------------------------------------------------------------------------
// The service, over HTTP

interface Client {
  base: string;
  token: string;
}

/** A response of the API: bodies of several shapes, read ad hoc. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Reply = { status: number; body: any };

async function call(client: Client, method: string, path: string, body?: unknown): Promise<Reply> {
  const response = await fetch(`${client.base}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${client.token}`,
      ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitReady(
  client: Client,
  chatbotId: string,
  sourceId: string,
  timeoutMs = 300_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(client, 'GET', `/chatbots/${chatbotId}/knowledge/${sourceId}`);
    const source = res.body?.data?.source;
    if (source?.status === 'ready') return;
    if (source?.status === 'failed') throw new Error(`source ${sourceId} failed: ${JSON.stringify(source)}`);
    if (Date.now() > deadline)
      throw new Error(`source ${sourceId} still ${source?.status} after ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** A website of `pages` (path → HTML) on 127.0.0.1 (robots.txt: none). */
async function serveSite(pages: ReadonlyMap<string, string>): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const page = pages.get((req.url ?? '/').split('?')[0]!);
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** The knowledge of a development set, as the held-out sets carry theirs. */
function materialOf(dataset: Dataset): KnowledgeMaterial[] {
  if (dataset.material) return dataset.material;
  if (dataset.kind === 'text') return [{ type: 'text', title: SHOP_FAQ_TITLE, text: SHOP_FAQ_TEXT }];
  if (dataset.kind === 'site') return [{ type: 'site', pages: Object.fromEntries(helpCenterSite()) }];
  return [
    {
      type: 'file',
      title: MANUAL_TITLE,
      fileName: `${MANUAL_TITLE}.pdf`,
      contentType: 'application/pdf',
      file: manualPdf,
    },
  ];
}

/** Adds the dataset's knowledge to the chatbot, a source for each piece, and waits until all are ready. */
async function addKnowledge(
  client: Client,
  chatbotId: string,
  dataset: Dataset,
  servers: Server[],
): Promise<void> {
  for (const material of materialOf(dataset)) {
    let res: Reply;
    if (material.type === 'text') {
      res = await call(client, 'POST', `/chatbots/${chatbotId}/knowledge/text`, {
        title: material.title,
        text: material.text,
      });
    } else if (material.type === 'site') {
      const site = await serveSite(new Map(Object.entries(material.pages)));
      servers.push(site.server);
      res = await call(client, 'POST', `/chatbots/${chatbotId}/knowledge/website`, {
        url: site.url,
        crawl: 'site',
      });
    } else {
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(await material.file())], { type: material.contentType }),
        material.fileName,
      );
      form.append('title', material.title);
      res = await call(client, 'POST', `/chatbots/${chatbotId}/knowledge/files`, form);
    }
    if (res.status !== 201)
      throw new Error(`adding ${dataset.name}: ${res.status} ${JSON.stringify(res.body)}`);
    await waitReady(client, chatbotId, res.body.data.source.id);
  }
}

/** Asks every question of the dataset, each conversation's questions in order, and grades the answers. */
async function askAll(client: Client, chatbotId: string, dataset: Dataset): Promise<Graded[]> {
  const graded: Graded[] = [];
  for (const conversation of conversationsOf(dataset)) {
    let threadId: string | null = null;
    for (const question of conversation) {
      const res: Reply = threadId
        ? await call(client, 'POST', `/chatbots/${chatbotId}/conversations/${threadId}/messages`, {
            message: question.ask,
          })
        : await call(client, 'POST', `/chatbots/${chatbotId}/conversations`, { message: question.ask });
      if (res.status !== 201)
        throw new Error(`asking "${question.ask}": ${res.status} ${JSON.stringify(res.body)}`);
      threadId = res.body.data.conversation.threadId as string;
      const reply = (res.body.data.messages as Array<{ role: string; text: string }>).find(
        (m) => m.role === 'assistant',
      );
      const answer = reply?.text ?? null;
      graded.push({ question, answer, verdict: grade(question, answer) });
    }
  }
  return graded;
}

/** What the chatbot stood on for a question asked alone (the try-out endpoint), in a few indented lines. */
async function groundsOf(client: Client, chatbotId: string, ask: string): Promise<string> {
  const res = await call(client, 'POST', `/chatbots/${chatbotId}/try`, { message: ask });
  const grounds = res.body?.data?.reply?.grounds as {
    declined: string | null;
    passages: Array<{ relevance: number | null; used: boolean; text: string }>;
  } | null;
  if (!grounds) return `            ~ (${res.body?.data?.reply?.by ?? res.status})`;
  const lines = grounds.passages
    .slice(0, 3)
    .map(
      (p) =>
        `            ~ ${p.used ? '*' : ' '}${(p.relevance ?? 0).toFixed(2)} ${p.text.replace(/\s+/g, ' ').slice(0, 150)}`,
    );
  return [...(grounds.declined ? [`            ~ declined: ${grounds.declined}`] : []), ...lines].join('\n');
}

async function run(
  dialect: DialectName,
  env: Record<string, string>,
  datasets: Dataset[],
): Promise<Graded[][]> {
  const { dataDir, database, deps } = await openBenchService(dialect, 'cbo-bench-answers-', env);
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const workers = startWorkers(deps);
  const servers: Server[] = [];
  try {
    const account = await deps.accounts.createAccount({ name: 'Bench' });
    const user = await deps.accounts.createUser({
      accountId: account.id,
      name: 'Bench Agent',
      email: 'bench@example.com',
    });
    const { token } = await deps.accounts.createToken({ userId: user.id, scopes: [...PERMISSIONS] });
    const client: Client = { base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, token };
    const results: Graded[][] = [];
    for (const dataset of datasets) {
      const chatbot = await deps.chatbots.createChatbot({ accountId: account.id, name: dataset.name });
      const started = performance.now();
      await addKnowledge(client, chatbot.id, dataset, servers);
      const ready = performance.now();
      const graded = await askAll(client, chatbot.id, dataset);
      for (const result of graded)
        if (result.verdict === 'wrong')
          result.cause = await causeOf(deps.db, deps.runtimes.knowledge.search, chatbot.id, result);
      results.push(graded);
      console.log(
        `[${dialect}] ${dataset.name}: ready in ${((ready - started) / 1000).toFixed(1)} s, ${graded.length} questions answered in ${((performance.now() - ready) / 1000).toFixed(1)} s`,
      );
      if (VERBOSE) {
        for (const { question, answer, verdict, cause } of graded) {
          console.log(
            `  ${verdict.padEnd(9)} ${question.kind.padEnd(12)} ${question.ask}${cause ? `   [${cause}]` : ''}\n            → ${(answer ?? '(no answer)').replace(/\s+/g, ' ').slice(0, 220)}`,
          );
          if (GROUNDS && verdict !== 'right') console.log(await groundsOf(client, chatbot.id, question.ask));
        }
      }
    }
    return results;
  } finally {
    await workers.stop();
    for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
    await app.close();
    await deps.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(dialect: DialectName, group: string, datasets: Dataset[], results: Graded[][]): void {
  console.log(`\n[${dialect}] engine ${ENGINE}, ${group} sets`);
  datasets.forEach((dataset, i) => console.log(`  ${summary(dataset.name, tally(results[i]!))}`));
  const all = results.flat();
  console.log(`  ${summary('overall', tally(all))}`);
  const kinds = [...new Set(all.map((r) => r.question.kind))] as QuestionKind[];
  console.log("  by wording (right / wrong / don't know):");
  for (const kind of kinds) {
    const t = tally(all.filter((r) => r.question.kind === kind));
    console.log(
      `    ${kind.padEnd(13)} ${String(t.total).padStart(3)}   ${t.right} / ${t.wrong} / ${t.dontKnow}`,
    );
  }
  const noSharedWord = tally(all.filter((r) => r.question.noSharedWord));
  if (noSharedWord.total > 0)
    console.log(
      `    ${'no shared word'.padEnd(13)} ${String(noSharedWord.total).padStart(3)}   ${noSharedWord.right} / ${noSharedWord.wrong} / ${noSharedWord.dontKnow}`,
    );
  const wrong = all.filter((r) => r.cause);
  if (wrong.length > 0)
    console.log(
      `  causes of the wrong answers: ${CAUSES.map(
        (cause) => [cause, wrong.filter((r) => r.cause === cause).length] as const,
      )
        .filter(([, n]) => n > 0)
        .map(([cause, n]) => `${cause} ${n}`)
        .join(', ')}`,
    );
  console.log('  targets: right ≥ 70 %, wrong ≤ 5 %, unanswerable → "don\'t know" every time');
}

const env: Record<string, string> = { ANSWER_ENGINE: ENGINE, LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' };
const LOCAL_MODEL = ENGINE === 'openai' && process.env.BENCH_LOCAL_MODEL === '1';
if (LOCAL_MODEL) {
  env.OPENAI_BASE_URL = (await startLocalModel()).baseUrl;
  env.OPENAI_MODEL = 'local-stand-in';
} else if (ENGINE === 'openai') {
  if (!process.env.OPENAI_API_KEY && !process.env.OPENAI_BASE_URL) {
    console.log(
      'bench:answers — engine openai skipped: set OPENAI_API_KEY (and OPENAI_BASE_URL, OPENAI_MODEL as needed).',
    );
    process.exit(0);
  }
  for (const name of ['OPENAI_API_KEY', 'OPENAI_MODEL', 'OPENAI_BASE_URL'] as const)
    if (process.env[name]) env[name] = process.env[name];
} else if (ENGINE !== 'extractive') {
  console.error(`BENCH_ENGINE must be extractive or openai, not ${ENGINE}`);
  process.exit(2);
}

console.log(
  `chatbot-ops bench:answers — engine ${ENGINE}${LOCAL_MODEL ? ' (local deterministic stand-in model: a smoke run, not a model’s figures)' : ''}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, load ${loadavg()[0]!.toFixed(1)}, ${new Date().toISOString().slice(0, 10)}`,
);
/** Each group's answers per database, to tell how many differ (the site's address, a port, made alike). */
const answersByGroup = new Map<string, Array<Array<string | null>>>();
for (const dialect of DIALECTS) {
  if (dialect === 'postgres' && !(await postgresReachable())) {
    console.log(`[postgres] skipped: ${PG_URL} cannot be reached`);
    continue;
  }
  for (const group of GROUPS) {
    const results = await run(dialect, env, group.datasets);
    report(dialect, group.name, group.datasets, results);
    const answers = answersByGroup.get(group.name) ?? [];
    answers.push(results.flat().map((r) => r.answer?.replace(/127\.0\.0\.1:\d+/g, 'site') ?? null));
    answersByGroup.set(group.name, answers);
  }
}
// Counted, not shown: the held-out answers stay unread.
for (const [group, [first, ...others]] of answersByGroup)
  for (const other of others)
    console.log(
      `\n${group} sets: ${first!.filter((answer, i) => answer !== other[i]).length} of ${first!.length} answers differ between ${DIALECTS.join(' and ')}`,
    );
process.exit(0);
