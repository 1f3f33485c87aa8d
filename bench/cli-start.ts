// How long the command line takes to start: `--version`, `--help`, `accounts list` on a migrated SQLite
// DATA_DIR and `npx chatbot-ops --version`, each against `node -e 0` timed in the same rounds (the machine
// is shared: the ratio is the figure to compare). Runs the compiled CLI (bin/chatbot-ops.js, as `npx` does):
// `npm run build` first.
//
// BENCH_ROOTS takes a comma list of checkouts, each built, to compare them in one run (e.g. a copy of the
// code before a change and the repository as it is): their commands alternate within every round, so a
// busy minute falls on all of them alike.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const roots = (process.env.BENCH_ROOTS ?? fileURLToPath(new URL('..', import.meta.url)))
  .split(',')
  .map((root) => resolve(root.trim()));

const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
for (const name of ['DATABASE_URL', 'SECRET_KEY', 'DATA_DIR', 'PORT', 'HOST', 'ROLE', 'BOOTSTRAP'])
  delete env[name];

function run(command: string, args: string[], cwd: string, extra: NodeJS.ProcessEnv = {}): number {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, env: { ...env, ...extra }, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} in ${cwd} exited ${result.status}: ${result.stderr}`);
  return ms;
}

interface Case {
  label: string;
  root: string | null;
  run: () => number;
}

const dataDirs: string[] = [];
const cases: Case[] = [
  { label: 'node -e 0', root: null, run: () => run(process.execPath, ['-e', '0'], roots[0]!) },
  // npm's own start (it answers before it looks for a command): a part of every `npx …`.
  { label: 'npx --version', root: null, run: () => run('npx', ['--version'], roots[0]!) },
];
for (const root of roots) {
  // A database of its own for each checkout, migrated by it, with one account to list.
  const dataDir = mkdtempSync(join(tmpdir(), 'cli-start-bench-'));
  dataDirs.push(dataDir);
  run(process.execPath, ['bin/chatbot-ops.js', 'migrate'], root, { DATA_DIR: dataDir });
  run(process.execPath, ['bin/chatbot-ops.js', 'accounts', 'create', '--name', 'Bench'], root, {
    DATA_DIR: dataDir,
  });
  const cli =
    (args: string[], extra: NodeJS.ProcessEnv = {}) =>
    () =>
      run(process.execPath, ['bin/chatbot-ops.js', ...args], root, extra);
  cases.push(
    { label: 'node bin/chatbot-ops.js --version', root, run: cli(['--version']) },
    { label: 'node bin/chatbot-ops.js --help', root, run: cli(['--help']) },
    {
      label: 'node bin/chatbot-ops.js accounts list',
      root,
      run: cli(['accounts', 'list'], { DATA_DIR: dataDir }),
    },
    { label: 'npx chatbot-ops --version', root, run: () => run('npx', ['chatbot-ops', '--version'], root) },
  );
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const startedAt = new Date();
console.log(`${startedAt.toISOString()}  Node ${process.version}  load average ${load()}  ${ROUNDS} rounds`);
const times = new Map<Case, number[]>(cases.map((c) => [c, []]));
try {
  for (const c of cases) c.run(); // a first run of each, not counted: files into the page cache
  for (let round = 0; round < ROUNDS; round++) for (const c of cases) times.get(c)!.push(c.run());
} finally {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const base = median(times.get(cases[0]!)!);
for (const c of cases) {
  const values = times.get(c)!;
  const m = median(values);
  const where = c.root && roots.length > 1 ? `  [${c.root}]` : '';
  console.log(
    `${c.label.padEnd(40)} median ${m.toFixed(0).padStart(5)} ms  min ${Math.min(...values)
      .toFixed(0)
      .padStart(5)}  max ${Math.max(...values)
      .toFixed(0)
      .padStart(5)}  ×${(m / base).toFixed(1)} node -e 0${where}`,
  );
}
console.log(`${new Date().toISOString()}  load average ${load()}`);
