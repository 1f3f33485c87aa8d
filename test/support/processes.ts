// The service as real child processes (`chatbot-ops start --role …`, see cli-entry.ts), for
// tests that kill a process mid-work or run several processes on one database, and a Deployment of several
// of them (also used by the scale-out benchmarks).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { CLI_ENTRY } from './cli-entry.js';

export class ServiceProcess {
  output = '';
  readonly exited: Promise<number | null>;
  readonly child: ChildProcessWithoutNullStreams;

  private constructor(role: 'api' | 'worker' | 'all', env: Record<string, string>) {
    const inherited = { ...process.env };
    for (const name of ['DATABASE_URL', 'SECRET_KEY', 'DATA_DIR', 'PORT', 'ROLE']) delete inherited[name];
    this.child = spawn(process.execPath, [...CLI_ENTRY, 'start', '--role', role], {
      env: { ...inherited, LOG_LEVEL: 'info', BOOTSTRAP: 'false', RATE_LIMIT: '0', PORT: '0', ...env },
    });
    this.child.stdout.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  /**
   * Starts the process and waits until it serves (api: its URL is known) or works (worker). A start compiles
   * the sources through tsx: a few seconds alone, over a minute on a machine loaded with other suites.
   */
  static async start(
    role: 'api' | 'worker' | 'all',
    env: Record<string, string>,
    timeoutMs = 150_000,
  ): Promise<ServiceProcess> {
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
      if (this.child.exitCode !== null)
        throw new Error(`exited ${this.child.exitCode} before ${pattern}:\n${this.output}`);
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
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type ServiceRole = 'api' | 'worker';

/** What a deployment's processes share: one database, one DATA_DIR and one SECRET_KEY (what one process
 *  signs or seals, a list cursor for one, the others must read). */
export interface DeploymentEnv extends Record<string, string> {
  DATABASE_URL: string;
  DATA_DIR: string;
  SECRET_KEY: string;
}

/** The environment of the processes of one deployment over `database` (its URL names the schema). */
export function deploymentEnv(
  database: { url: string; dataDir: string },
  env: Record<string, string> = {},
): DeploymentEnv {
  return {
    DATABASE_URL: database.url,
    DATA_DIR: database.dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1,localhost',
    ...env,
  };
}

export interface HttpAnswer<T = any> {
  /** 0 when the connection was lost (the process died under the request). */
  status: number;
  headers: Headers;
  body: T;
  /** The API base the request went to. */
  via: string;
}

/**
 * Several `chatbot-ops start --role …` processes on one database, as a scaled-out installation runs them,
 * with the small round robin a load balancer with health checks would do over the API processes that are up.
 */
export class Deployment {
  readonly apis: ServiceProcess[] = [];
  readonly workers: ServiceProcess[] = [];
  #turn = 0;

  private constructor(readonly env: DeploymentEnv) {}

  /** Starts `apis` API processes and `workers` worker processes (one after the other). */
  static async start(env: DeploymentEnv, layout: { apis: number; workers: number }): Promise<Deployment> {
    const deployment = new Deployment(env);
    try {
      for (let i = 0; i < layout.apis; i++) await deployment.add('api');
      for (let i = 0; i < layout.workers; i++) await deployment.add('worker');
    } catch (error) {
      await deployment.kill();
      throw error;
    }
    return deployment;
  }

  async add(role: ServiceRole): Promise<ServiceProcess> {
    const started = await ServiceProcess.start(role, this.env);
    this.pool(role).push(started);
    return started;
  }

  /** SIGKILL of one process of `role`, which stays in its list, dead. */
  async killOne(role: ServiceRole, index: number): Promise<void> {
    await this.pool(role)[index]?.kill();
  }

  /** Starts another process of `role` in the place of the one at `index` (a supervisor's restart). */
  async replace(role: ServiceRole, index: number): Promise<void> {
    await this.pool(role)[index]?.kill();
    this.pool(role)[index] = await ServiceProcess.start(role, this.env);
  }

  up(role: ServiceRole): ServiceProcess[] {
    return this.pool(role).filter(isAlive);
  }

  /** The next API process that is up, round robin (a dead one while none is up). */
  nextApi(): ServiceProcess {
    const up = this.up('api');
    const from = up.length > 0 ? up : this.apis;
    return from[this.#turn++ % from.length]!;
  }

  /** One JSON request through `api` (the next one by default); a lost connection answers status 0. */
  async request<T = any>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string>; api?: ServiceProcess } = {},
  ): Promise<HttpAnswer<T>> {
    const via = (options.api ?? this.nextApi()).url;
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    try {
      const res = await fetch(`${via}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await res.text();
      let body: any;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      return { status: res.status, headers: res.headers, body: body as T, via };
    } catch {
      return { status: 0, headers: new Headers(), body: undefined as T, via };
    }
  }

  /** SIGKILL of every process. */
  async kill(): Promise<void> {
    for (const p of [...this.apis, ...this.workers]) await p.kill();
  }

  private pool(role: ServiceRole): ServiceProcess[] {
    return role === 'api' ? this.apis : this.workers;
  }
}

export const isAlive = (p: ServiceProcess): boolean =>
  p.child.exitCode === null && p.child.signalCode === null;
