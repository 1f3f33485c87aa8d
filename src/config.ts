// The environment, parsed once into a typed, frozen object. A bad value stops the start with a message
// that names the variable.
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import { parseDuration } from './lib/duration.js';
import { parseAllowHosts } from './net/outbound-guard.js';

export type Role = 'all' | 'api' | 'worker';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };
  /** Longest wait for a database lock held by another process before answering 503. */
  databaseBusyTimeoutMs: number;
  role: Role;
  secretKey: string;
  outboundAllowHosts: string[];
  webhookRetryDelaysMs: number[];
  webhookTimeoutMs: number;
  webhookDisableAfter: number;
  rateLimitPerMinute: number;
  answerEngine: 'extractive' | 'openai';
  openai: OpenAiConfig;
  /** Vector similarity in retrieval (EMBEDDINGS_MODEL); null: retrieval is full text and typo tolerance alone. */
  embeddings: EmbeddingsConfig | null;
  /**
   * EMBEDDINGS_CACHE_MB: the chunks' vectors kept in memory between questions, for all chatbots (without
   * pgvector), in bytes.
   */
  vectorCacheBytes: number;
  metaGraphUrl: string;
  logLevel: string;
  bootstrap: boolean;
  /** Serve GET /metrics (Prometheus text format, no token): bind it to a private interface or a proxy rule. */
  metrics: boolean;
  /** Proxies (addresses or CIDR ranges) whose X-Forwarded-For/Proto are believed; false: none. */
  trustProxy: false | string[];
  /** PUBLIC_URL: where people reach the service, the base of invitation and inbox links; null: the listener's address. */
  publicUrl: string | null;
  /** Email of new escalations; null: no email is sent. */
  smtp: { url: string; from: string } | null;
  /** Variables that are set but do nothing with the others (see configWarnings). */
  unusedSettings: string[];
}

/** The `openai` answer engine's server: any OpenAI-compatible chat-completions API. */
export interface OpenAiConfig {
  /** The API's base (`…/v1`, or an Azure deployment's URL); the SDK's default (OpenAI) when unset. */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string | undefined;
  /**
   * OPENAI_API_VERSION: Azure OpenAI's classic deployment API. Every request then carries
   * `?api-version=…` and the key goes in the `api-key` header instead of `Authorization: Bearer`.
   */
  apiVersion: string | undefined;
}

export interface EmbeddingsConfig {
  model: string;
  /** The OpenAI-compatible API's base (`…/v1`); the SDK's default (OpenAI) when unset. */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  /** How alike (cosine) a question and a passage must be for the passage to answer without sharing its words. */
  minSimilarity: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `expected a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function duration(env: Env, name: string, fallback: string): number {
  const raw = read(env, name) ?? fallback;
  const ms = parseDuration(raw);
  if (ms === null)
    throw new ConfigError(name, `expected a duration such as 250ms, 30s, 1m, 2h or 1d, got "${raw}"`);
  return ms;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = read(env, name) ?? fallback;
  if (!allowed.includes(raw as T))
    throw new ConfigError(name, `expected one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

function databaseFrom(env: Env, dataDir: string): Config['database'] {
  const raw = read(env, 'DATABASE_URL');
  if (raw === undefined) return { kind: 'sqlite', path: join(dataDir, 'chatbot-ops.sqlite') };
  if (/^postgres(ql)?:\/\//.test(raw)) return { kind: 'postgres', url: raw };
  if (raw.startsWith('sqlite:')) {
    const path = raw.slice('sqlite:'.length);
    if (path === '')
      throw new ConfigError('DATABASE_URL', 'sqlite: needs a file path, e.g. sqlite:./data/app.sqlite');
    return { kind: 'sqlite', path: path === ':memory:' ? path : resolve(path) };
  }
  throw new ConfigError('DATABASE_URL', 'expected postgres://… or sqlite:PATH');
}

/** SQLite keeps a generated key in DATA_DIR; PostgreSQL serves several processes, which must share one. */
function secretKeyFrom(env: Env, dataDir: string, database: Config['database']): string {
  const raw = read(env, 'SECRET_KEY');
  if (raw !== undefined) {
    if (raw.length < 32) throw new ConfigError('SECRET_KEY', 'must be at least 32 characters');
    return raw;
  }
  if (database.kind === 'postgres') {
    throw new ConfigError(
      'SECRET_KEY',
      'is required with PostgreSQL: every process must share it (e.g. `openssl rand -hex 32`)',
    );
  }
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  // Written aside whole, then linked in place: processes starting together on a new DATA_DIR (the CLI run
  // twice at once, say) never read a half-written key, and the first link wins; the others read its key.
  const key = randomBytes(32).toString('hex');
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(aside, key + '\n', { mode: 0o600, flag: 'wx' });
  try {
    linkSync(aside, file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  } finally {
    rmSync(aside, { force: true });
  }
}

function httpUrl(env: Env, name: string, fallback?: string): string | undefined {
  const raw = read(env, name) ?? fallback;
  if (raw === undefined) return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
  } catch {
    throw new ConfigError(name, `expected an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/** `false` (the default) or a comma list of IP addresses and CIDR ranges. */
function trustProxyFrom(env: Env): false | string[] {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined || raw.toLowerCase() === 'false') return false;
  const entries = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const ok = entry.includes('/') ? safely(() => ipaddr.parseCIDR(entry)) : ipaddr.isValid(entry);
    if (!ok)
      throw new ConfigError(
        'TRUST_PROXY',
        `expected false or a comma list of IP addresses and CIDR ranges, got "${entry}"`,
      );
  }
  if (entries.length === 0)
    throw new ConfigError('TRUST_PROXY', 'expected false or a comma list of IP addresses and CIDR ranges');
  return entries;
}

const safely = (fn: () => unknown): boolean => {
  try {
    fn();
    return true;
  } catch {
    return false;
  }
};

/**
 * The base of links people open (invitations, the inbox): PUBLIC_URL, else the listener's own address (a
 * wildcard host is reached on the loopback). `port` is the port actually bound when PORT is 0.
 */
export function publicBase(config: Pick<Config, 'publicUrl' | 'host' | 'port'>, port = config.port): string {
  if (config.publicUrl !== null) return config.publicUrl;
  const wildcard = config.host === '0.0.0.0' || config.host === '::' || config.host === '';
  const host = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${port}`;
}

function smtpFrom(env: Env): Config['smtp'] {
  const url = read(env, 'SMTP_URL');
  const from = read(env, 'SMTP_FROM') ?? 'chatbot-ops <no-reply@localhost>';
  if (url === undefined) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') throw new Error();
  } catch {
    throw new ConfigError('SMTP_URL', `expected smtp://host:port or smtps://host:port, got "${url}"`);
  }
  return { url, from };
}

/** A decimal number from `min` to `max` (e.g. 0.6). */
function decimal(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `expected a number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

/** Azure's `api-version` values are dates, with an optional `-preview` suffix (e.g. 2024-10-21). */
function apiVersionFrom(env: Env): string | undefined {
  const raw = read(env, 'OPENAI_API_VERSION');
  if (raw === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}(-[a-z0-9]+)?$/i.test(raw))
    throw new ConfigError(
      'OPENAI_API_VERSION',
      `expected an Azure OpenAI API version such as 2024-10-21, got "${raw}"`,
    );
  return raw;
}

/**
 * The server and key default to the answer engine's (OPENAI_BASE_URL, OPENAI_API_KEY): often the same
 * provider. Every EMBEDDINGS_* value is checked even without EMBEDDINGS_MODEL (a bad value is a mistake
 * whether or not it is used yet); without a key and a server, every question would fail against OpenAI.
 */
function embeddingsFrom(env: Env): EmbeddingsConfig | null {
  const model = read(env, 'EMBEDDINGS_MODEL');
  const minSimilarity = decimal(env, 'EMBEDDINGS_MIN_SIMILARITY', 0.6, 0, 1);
  const ownBaseUrl = httpUrl(env, 'EMBEDDINGS_BASE_URL');
  if (model === undefined) return null;
  const baseUrl = ownBaseUrl ?? httpUrl(env, 'OPENAI_BASE_URL');
  const apiKey = read(env, 'EMBEDDINGS_API_KEY') ?? read(env, 'OPENAI_API_KEY');
  if (baseUrl === undefined && apiKey === undefined) {
    throw new ConfigError(
      'EMBEDDINGS_MODEL',
      "needs a key for OpenAI's API (EMBEDDINGS_API_KEY or OPENAI_API_KEY) or another server (EMBEDDINGS_BASE_URL or OPENAI_BASE_URL)",
    );
  }
  return { model, baseUrl, apiKey, minSimilarity };
}

/** `ANSWER_ENGINE=openai` needs somewhere to send questions: OpenAI's API with a key, or another server. */
function openAiFrom(env: Env, engine: Config['answerEngine']): OpenAiConfig {
  const openai = {
    baseUrl: httpUrl(env, 'OPENAI_BASE_URL'),
    apiKey: read(env, 'OPENAI_API_KEY'),
    model: read(env, 'OPENAI_MODEL'),
    apiVersion: apiVersionFrom(env),
  };
  if (engine === 'openai' && openai.baseUrl === undefined && openai.apiKey === undefined) {
    throw new ConfigError(
      'ANSWER_ENGINE',
      "openai needs OPENAI_API_KEY (OpenAI's own API) or OPENAI_BASE_URL (another OpenAI-compatible server, e.g. http://localhost:11434/v1 for Ollama)",
    );
  }
  if (openai.apiVersion !== undefined && openai.baseUrl === undefined) {
    throw new ConfigError(
      'OPENAI_API_VERSION',
      "is Azure OpenAI's deployment API: set OPENAI_BASE_URL to the deployment's URL too",
    );
  }
  return openai;
}

/** An address to listen on: an IP address or a host name, not a URL. */
function hostFrom(env: Env): string {
  const raw = read(env, 'HOST') ?? '127.0.0.1';
  if (
    !ipaddr.isValid(raw) &&
    !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(raw)
  ) {
    throw new ConfigError(
      'HOST',
      `expected an IP address or a host name to listen on (e.g. 127.0.0.1 or 0.0.0.0), got "${raw}"`,
    );
  }
  return raw;
}

/** Links are made by appending paths to it: a query or a fragment would end up in the middle of every link. */
function publicUrlFrom(env: Env): string | null {
  const url = httpUrl(env, 'PUBLIC_URL');
  if (url === undefined) return null;
  const parsed = new URL(url);
  if (parsed.search !== '' || parsed.hash !== '' || parsed.username !== '' || parsed.password !== '') {
    throw new ConfigError(
      'PUBLIC_URL',
      `expected the address people open the service at (e.g. https://chat.example.com), without a query, fragment or credentials, got "${url}"`,
    );
  }
  return url;
}

/** A duration that must be above zero. */
function positiveDuration(env: Env, name: string, fallback: string): number {
  const ms = duration(env, name, fallback);
  if (ms <= 0) throw new ConfigError(name, `must be longer than 0, got "${read(env, name) ?? fallback}"`);
  return ms;
}

/**
 * Where the database is, for logs and messages, never with a password: SQLite's file, or PostgreSQL's
 * host, port, database, user (and schema when the URL's options choose one).
 */
export function describeDatabase(database: Config['database']): string {
  if (database.kind === 'sqlite') return `SQLite ${database.path}`;
  try {
    const url = new URL(database.url);
    const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || "(the user's default)";
    const user = decodeURIComponent(url.username) || '(the default user)';
    const schema = /search_path=([^\s&]+)/.exec(url.searchParams.get('options') ?? '')?.[1];
    return `PostgreSQL database ${name} on ${url.hostname || 'localhost'}:${url.port || '5432'} as user ${user}${schema ? `, schema ${schema}` : ''}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL cannot be read as a URL)';
  }
}

/** The database the environment names, without touching the disk (no DATA_DIR or key is created). */
export function databaseOf(env: Env = process.env): Config['database'] {
  return databaseFrom(env, resolve(read(env, 'DATA_DIR') ?? './data'));
}

/**
 * Settings that are valid one by one but do nothing, or do something unexpected, together: the start
 * logs each as a warning.
 */
function unusedSettingsOf(env: Env, parts: Pick<Config, 'embeddings' | 'answerEngine' | 'smtp'>): string[] {
  const warnings: string[] = [];
  if (parts.embeddings === null) {
    const unused = [
      'EMBEDDINGS_BASE_URL',
      'EMBEDDINGS_API_KEY',
      'EMBEDDINGS_MIN_SIMILARITY',
      'EMBEDDINGS_CACHE_MB',
    ].filter((name) => read(env, name) !== undefined);
    if (unused.length)
      warnings.push(
        `${unused.join(', ')} ${unused.length > 1 ? 'are' : 'is'} set but EMBEDDINGS_MODEL is not: no embeddings are used`,
      );
  }
  if (parts.answerEngine === 'extractive') {
    const unused = ['OPENAI_MODEL', 'OPENAI_API_VERSION'].filter((name) => read(env, name) !== undefined);
    if (unused.length)
      warnings.push(
        `${unused.join(', ')} ${unused.length > 1 ? 'are' : 'is'} set but ANSWER_ENGINE is extractive: no model is asked`,
      );
  }
  if (parts.smtp === null && read(env, 'SMTP_FROM') !== undefined)
    warnings.push('SMTP_FROM is set but SMTP_URL is not: no email is sent');
  return warnings;
}

export function configWarnings(config: Config, role: Role = config.role): string[] {
  const warnings = [...config.unusedSettings];
  if (config.database.kind === 'sqlite' && role !== 'all') {
    warnings.push(
      `ROLE=${role} on SQLite: SQLite has one writer, so run one process with ROLE=all (separate api and worker processes need PostgreSQL)`,
    );
  }
  if (config.publicUrl === null && role !== 'worker' && (config.host === '0.0.0.0' || config.host === '::')) {
    warnings.push(
      `PUBLIC_URL is not set: invitation and inbox links will point to ${publicBase(config)}, which works on this machine only; set PUBLIC_URL to the address people open the service at`,
    );
  }
  return warnings;
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(read(env, 'DATA_DIR') ?? './data');
  const database = databaseFrom(env, dataDir);
  const delays = (read(env, 'WEBHOOK_RETRY_DELAYS') ?? '30s,1m,2m,5m,10m,12m').split(',').map((part) => {
    const ms = parseDuration(part);
    if (ms === null) throw new ConfigError('WEBHOOK_RETRY_DELAYS', `"${part}" is not a duration`);
    return ms;
  });
  if (delays.length > 6) throw new ConfigError('WEBHOOK_RETRY_DELAYS', 'at most 6 retries are allowed');
  let outboundAllowHosts: string[];
  try {
    outboundAllowHosts = parseAllowHosts(read(env, 'OUTBOUND_ALLOW_HOSTS'));
  } catch (error) {
    throw new ConfigError(
      'OUTBOUND_ALLOW_HOSTS',
      (error as Error).message.replace(/^OUTBOUND_ALLOW_HOSTS: /, ''),
    );
  }
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = hostFrom(env);
  const answerEngine = oneOf(env, 'ANSWER_ENGINE', ['extractive', 'openai'], 'extractive');
  const config: Config = {
    port,
    host,
    dataDir,
    database,
    databaseBusyTimeoutMs: duration(env, 'DATABASE_BUSY_TIMEOUT', '3s'),
    role: oneOf(env, 'ROLE', ['all', 'api', 'worker'], 'all'),
    outboundAllowHosts,
    webhookRetryDelaysMs: delays,
    webhookTimeoutMs: positiveDuration(env, 'WEBHOOK_TIMEOUT', '10s'),
    webhookDisableAfter: integer(env, 'WEBHOOK_DISABLE_AFTER', 20, 1, 1_000_000),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT', 1200, 0, 100_000_000),
    answerEngine,
    openai: openAiFrom(env, answerEngine),
    embeddings: embeddingsFrom(env),
    vectorCacheBytes: integer(env, 'EMBEDDINGS_CACHE_MB', 256, 1, 1_048_576) * 1024 * 1024,
    metaGraphUrl: httpUrl(env, 'META_GRAPH_URL', 'https://graph.facebook.com/v21.0') as string,
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    bootstrap: boolean(env, 'BOOTSTRAP', true),
    metrics: boolean(env, 'METRICS', false),
    trustProxy: trustProxyFrom(env),
    publicUrl: publicUrlFrom(env),
    smtp: smtpFrom(env),
    unusedSettings: [],
    // Last: a generated key is written to DATA_DIR, which no other bad value should leave behind.
    secretKey: secretKeyFrom(env, dataDir, database),
  };
  config.unusedSettings = unusedSettingsOf(env, config);
  return Object.freeze(config);
}
