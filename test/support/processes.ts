// The service as real child processes (`chatbot-ops start --role …` from the TypeScript sources), for
// tests that kill a process mid-work or run several processes on one database.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

export class ServiceProcess {
  output = '';
  readonly exited: Promise<number | null>;
  readonly child: ChildProcessWithoutNullStreams;

  private constructor(role: 'api' | 'worker' | 'all', env: Record<string, string>) {
    const inherited = { ...process.env };
    for (const name of ['DATABASE_URL', 'SECRET_KEY', 'DATA_DIR', 'PORT', 'ROLE']) delete inherited[name];
    this.child = spawn(process.execPath, ['--import', 'tsx', CLI, 'start', '--role', role], {
      env: { ...inherited, LOG_LEVEL: 'info', BOOTSTRAP: 'false', RATE_LIMIT: '0', PORT: '0', ...env },
    });
    this.child.stdout.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  /** Starts the process and waits until it serves (api: its URL is known) or works (worker). */
  static async start(role: 'api' | 'worker' | 'all', env: Record<string, string>, timeoutMs = 60_000): Promise<ServiceProcess> {
    const service = new ServiceProcess(role, env);
    try {
      await service.waitFor(/"msg":"(listening|started)"/, timeoutMs);
    } catch (error) {
      // The caller never gets the process to stop: a child left running would keep the test file alive.
      await service.kill();
      throw error;
    }
    return service;
  }

  /** The API base (`http://127.0.0.1:PORT/api/v1`) of a process serving the API. */
  get url(): string {
    const match = /"url":"([^"]+)"/.exec(this.output);
    if (!match?.[1]) throw new Error(`no URL in the output:\n${this.output}`);
    return match[1];
  }

  async waitFor(pattern: RegExp, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(this.output)) {
      if (this.child.exitCode !== null) throw new Error(`exited ${this.child.exitCode} before ${pattern}:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** SIGKILL: no shutdown, no cleanup, leases left as they were. */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM and wait (SIGKILL after 20 s). */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const force = setTimeout(() => this.child.kill('SIGKILL'), 20_000);
    await this.exited;
    clearTimeout(force);
  }
}

/** Polls `check` until it returns a value (not undefined/false) or the time is up. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
