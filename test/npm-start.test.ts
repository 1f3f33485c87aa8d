// `npm start` as an operator or a process manager runs it: a real `npm start` process (its prestart checks the
// build and, the build being current, builds nothing), then SIGTERM or SIGINT to npm itself. The server must
// stop gracefully: its port stops answering and no process of it remains (npm's shell wrapper once exited on
// the signal and left node serving as an orphan).
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The processes descending from `pid` (Linux /proc), the process itself excluded. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": the command may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function answers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`, {
      signal: AbortSignal.timeout(1000),
    });
    return response.status > 0;
  } catch {
    return false;
  }
}

async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

before(() => {
  // The build `npm start` runs must be current, so that these starts build nothing: make it so first (a no-op
  // when `npm install` or an earlier start already built these sources).
  const ensured = spawnSync(process.execPath, [join(repo, 'scripts', 'build-state.mjs'), 'ensure'], {
    cwd: repo,
    stdio: 'inherit',
  });
  assert.equal(ensured.status, 0, 'the build (scripts/build-state.mjs ensure) failed');
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  it(
    `${signal} to npm start stops the server gracefully, leaving no process behind`,
    { timeout: 120_000 },
    async (t) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'chatbot-ops-npm-start-'));
      const port = await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      };
      for (const name of ['DATABASE_URL', 'SECRET_KEY', 'ROLE', 'NODE_OPTIONS']) delete env[name];
      env.npm_config_update_notifier = 'false';
      let output = '';
      const started = Date.now();
      const child: ChildProcess = spawn(npm, ['start'], {
        cwd: repo,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on('exit', (code, exitSignal) => resolve({ code, signal: exitSignal })),
      );
      let processes: number[] = [];
      try {
        await until(
          () => /"msg":"listening"/.test(output) || child.exitCode !== null,
          90_000,
          `"listening" from npm start:\n${output}`,
        );
        assert.equal(child.exitCode, null, `npm start exited early:\n${output}`);
        t.diagnostic(`npm start to "listening": ${Date.now() - started} ms`);
        assert.doesNotMatch(output, /building \(npm run build\)/, 'a current build is not built again');
        assert.ok(await answers(port), 'the server answers');
        processes = descendants(child.pid!);
        assert.ok(processes.length > 0, 'npm start runs the server as its child');

        const signalled = Date.now();
        child.kill(signal);
        const result = await exited;
        await until(async () => !(await answers(port)), 5_000, 'the port to stop answering');
        await until(
          () => processes.every((pid) => !alive(pid)),
          5_000,
          `every process of npm start to end (${processes.join(', ')})`,
        );
        t.diagnostic(`${signal} to npm start, all gone: ${Date.now() - signalled} ms`);
        assert.match(
          output,
          /"msg":"shutting down"/,
          `the server shut down on the signal itself:\n${output}`,
        );
        assert.equal(result.code, 0, `npm start exits 0 after a graceful stop:\n${output}`);
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        for (const pid of processes) if (alive(pid)) process.kill(pid, 'SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
}
