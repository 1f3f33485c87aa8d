// bench:console — the console's first load: the page, its script and its style sheet as a browser gets them
// from a running service (Brotli, else gzip, else none), against the budget docs/benchmarks.md states. The
// service is started on an empty SQLite database in a temporary directory; `npm run build` must have run.
//
//   npm run build && npm run bench:console
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.js';
import { startService } from '../src/main.js';

/** The budget: everything the first load fetches, Brotli-compressed. */
const BUDGET_BYTES = 40 * 1024;

const dataDir = mkdtempSync(join(tmpdir(), 'cbo-bench-console-'));
const service = await startService(
  loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', BOOTSTRAP: 'false' }),
  { role: 'api' },
);
try {
  // The listener's address without the API's prefix.
  const base = (service.url ?? assertNever()).replace(/\/api\/v1$/, '');
  const page = await (await fetch(`${base}/inbox/`)).text();
  const assets = [...page.matchAll(/(?:src|href)="(\/inbox\/app\.(?:js|css)\?v=[^"]+)"/g)].map(
    (match) => match[1]!,
  );
  const rows: Array<{ what: string; raw: number; gzip: number; br: number }> = [];
  for (const path of ['/inbox/', ...assets]) {
    const sizes = { raw: 0, gzip: 0, br: 0 };
    for (const encoding of ['identity', 'gzip', 'br'] as const) {
      // undici decodes bodies it is sent compressed: the bytes on the wire are read from the header instead.
      const response = await fetch(`${base}${path}`, { headers: { 'accept-encoding': encoding } });
      const body = Buffer.from(await response.arrayBuffer());
      const sent =
        response.headers.get('content-encoding') === encoding
          ? Number(response.headers.get('content-length') ?? body.length)
          : body.length;
      sizes[encoding === 'identity' ? 'raw' : encoding] = sent;
    }
    rows.push({ what: path.replace(/\?v=.*/, ''), ...sizes });
  }
  const onDemand: typeof rows = [];
  {
    // Fetched only by the Analytics page: outside the first load, listed apart.
    const sizes = { raw: 0, gzip: 0, br: 0 };
    for (const encoding of ['identity', 'gzip', 'br'] as const) {
      const response = await fetch(`${base}/inbox/charts.js`, { headers: { 'accept-encoding': encoding } });
      const body = Buffer.from(await response.arrayBuffer());
      sizes[encoding === 'identity' ? 'raw' : encoding] =
        response.headers.get('content-encoding') === encoding
          ? Number(response.headers.get('content-length') ?? body.length)
          : body.length;
    }
    onDemand.push({ what: '/inbox/charts.js (Analytics only)', ...sizes });
  }
  const total = rows.reduce(
    (sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, br: sum.br + row.br }),
    { raw: 0, gzip: 0, br: 0 },
  );
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
  );
  console.log('| file | as built | gzip | Brotli |\n|---|---|---|---|');
  for (const row of [...rows, { what: 'first load', ...total }, ...onDemand])
    console.log(`| ${row.what} | ${kb(row.raw)} | ${kb(row.gzip)} | ${kb(row.br)} |`);
  console.log(
    `budget: ${kb(BUDGET_BYTES)} Brotli — ${total.br <= BUDGET_BYTES ? 'within' : 'OVER'} (${((total.br / BUDGET_BYTES) * 100).toFixed(0)} %)`,
  );
  if (total.br > BUDGET_BYTES) process.exitCode = 1;
} finally {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

function assertNever(): never {
  throw new Error('the service did not listen');
}
