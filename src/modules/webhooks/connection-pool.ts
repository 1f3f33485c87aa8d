// Keep-alive connections to receivers, one agent per host. Every delivery still resolves the host and
// checks every address first; the host's agent is reused only while that check returns
// the same addresses, and it connects only to them. So each request, on a reused connection or a new
// one, goes to an address checked for that very request, and no connection asks DNS again.
import { Agent } from 'undici';
import type { ResolvedAddress } from '../../net/outbound-guard.js';
import { pinnedLookup } from '../../net/safe-fetch.js';

const IDLE_AGENT_MS = 5 * 60_000;
const SWEEP_EVERY_MS = 60_000;

interface PooledAgent {
  /** The checked addresses it connects to. */
  addresses: ReadonlySet<string>;
  agent: Agent;
  lastUsed: number;
}

/** Whether a check returned the addresses the agent connects to (in any order). */
const sameAddresses = (pooled: ReadonlySet<string>, addresses: readonly ResolvedAddress[]) =>
  addresses.every(({ address }) => pooled.has(address)) &&
  [...pooled].every((address) => addresses.some((resolved) => resolved.address === address));

export class PinnedAgentPool {
  readonly #agents = new Map<string, PooledAgent>();
  #lastSweep = Date.now();

  constructor(private readonly connectTimeoutMs: number) {}

  /** For safeFetch's `agentFor`. */
  readonly agentFor = (hostname: string, addresses: readonly ResolvedAddress[]): Agent => {
    const now = Date.now();
    this.#sweep(now);
    const current = this.#agents.get(hostname);
    if (current && sameAddresses(current.addresses, addresses)) {
      current.lastUsed = now;
      return current.agent;
    }
    // The host now resolves elsewhere: its old connections must not carry new requests.
    if (current) void current.agent.close().catch(() => undefined);
    const agent = new Agent({
      connect: { lookup: pinnedLookup(hostname, addresses), timeout: this.connectTimeoutMs },
    });
    this.#agents.set(hostname, {
      addresses: new Set(addresses.map(({ address }) => address)),
      agent,
      lastUsed: now,
    });
    return agent;
  };

  async close(): Promise<void> {
    const agents = [...this.#agents.values()];
    this.#agents.clear();
    await Promise.all(agents.map(({ agent }) => agent.close().catch(() => undefined)));
  }

  /** Hosts not written to for a while lose their agent, so the map holds only receivers in use. */
  #sweep(now: number): void {
    if (now - this.#lastSweep < SWEEP_EVERY_MS) return;
    this.#lastSweep = now;
    for (const [hostname, pooled] of this.#agents) {
      if (now - pooled.lastUsed < IDLE_AGENT_MS) continue;
      this.#agents.delete(hostname);
      void pooled.agent.close().catch(() => undefined);
    }
  }
}
