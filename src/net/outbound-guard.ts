// The private-network guard: the one place that decides whether an outbound request
// (crawling, webhook delivery, channel send APIs) may reach an address. Everything that is not global
// unicast is refused unless OUTBOUND_ALLOW_HOSTS lets it through.
import { lookup as dnsLookup } from 'node:dns/promises';
import { domainToASCII } from 'node:url';
import ipaddr from 'ipaddr.js';

type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

export type OutboundScheme = 'http:' | 'https:';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has; injected in tests instead of the system resolver. */
export type LookupFn = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

export interface OutboundGuardOptions {
  allowHosts: readonly string[];
  lookup?: LookupFn;
}

export interface CheckUrlOptions {
  schemes: readonly OutboundScheme[];
}

export interface OutboundGuard {
  /** Parses and checks a URL without touching DNS; returns the parsed URL. */
  checkUrl(raw: string | URL, options: CheckUrlOptions): URL;
  /** Resolves every address of a host and checks each one; IP literals are checked without DNS. */
  resolve(hostname: string): Promise<ResolvedAddress[]>;
  /**
   * What resolve() gives for an IP literal, checked the same way but without waiting; null for a name,
   * which has to go through resolve() (and DNS).
   */
  literalAddresses(hostname: string): ResolvedAddress[] | null;
  /** True when OUTBOUND_ALLOW_HOSTS names the host or covers the address. */
  isAllowed(hostname: string, address?: string): boolean;
}

/** Base of every outbound failure; `reason` is written for people (API `error`, `disabledReason`). */
export class OutboundError extends Error {
  readonly reason: string;
  /** The URL being fetched; safeFetch fills it in when the guard only saw a host name. */
  url: string | undefined;

  constructor(reason: string, options?: { url?: string; cause?: unknown }) {
    super(reason, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.reason = reason;
    this.url = options?.url;
  }
}

export type BlockRule = 'invalid_url' | 'scheme' | 'credentials' | 'invalid_host' | 'private_address';

export const BLOCK_REASONS = {
  invalidUrl: 'not a valid address',
  credentials: 'credentials in URL are not allowed',
  invalidHost: 'not a valid host name',
  privateLiteral: 'address points at a private network',
  privateResolved: 'address resolves to a private network',
} as const;

/** The guard refused the address; `rule` lets callers tell a private network from a bad URL. */
export class OutboundBlockedError extends OutboundError {
  readonly rule: BlockRule;

  constructor(rule: BlockRule, reason: string, options?: { url?: string; cause?: unknown }) {
    super(reason, options);
    this.rule = rule;
  }
}

/** The host name has no address (yet); webhooks accept such names at creation. */
export class OutboundResolveError extends OutboundError {
  readonly hostname: string;
  readonly code: string | undefined;

  constructor(hostname: string, code: string | undefined, options?: { url?: string; cause?: unknown }) {
    super(`host name ${hostname} could not be resolved${code ? ` (${code})` : ''}`, options);
    this.hostname = hostname;
    this.code = code;
  }
}

// ---------------------------------------------------------------------------------------------------
// IP literals

/** WHATWG "IPv4 number": decimal, 0x hex or leading-zero octal; null when not a number. */
function parseIpv4Number(part: string): number | null {
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(digits)) {
    digits = digits.slice(2);
    radix = 16;
  } else if (digits.length > 1 && digits.startsWith('0')) {
    digits = digits.slice(1);
    radix = 8;
  }
  if (digits === '') return radix === 10 ? null : 0;
  const valid = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!valid.test(digits)) return null;
  // BigInt keeps huge inputs exact so that they fail the range checks instead of wrapping.
  const value = BigInt(radix === 16 ? `0x${digits}` : radix === 8 ? `0o${digits}` : digits);
  return value > 0xffffffffn ? Number.POSITIVE_INFINITY : Number(value);
}

/**
 * The WHATWG URL IPv4 parser: `2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1` and `0x7f000001` all mean
 * 127.0.0.1. Resolvers (inet_aton) accept the same spellings, so a raw host must be read this way
 * before it could be mistaken for a name.
 */
function parseLooseIpv4(host: string): ipaddr.IPv4 | null {
  const parts = host.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const value = parseIpv4Number(part);
    if (value === null) return null;
    numbers.push(value);
  }
  const last = numbers.pop() as number;
  if (numbers.some((n) => n > 255)) return null;
  if (last >= 256 ** (4 - numbers.length)) return null;
  let value = last;
  numbers.forEach((n, index) => {
    value += n * 256 ** (3 - index);
  });
  return new ipaddr.IPv4([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);
}

/** A host whose last label is numeric is an IPv4 address or invalid, never a name (WHATWG rule). */
function endsInNumber(host: string): boolean {
  const labels = host.split('.');
  if (labels.length > 1 && labels[labels.length - 1] === '') labels.pop();
  const last = labels[labels.length - 1] ?? '';
  return /^[0-9]+$/.test(last) || /^0x[0-9a-f]*$/i.test(last);
}

/**
 * Rewrites an IPv6 text ending in dotted IPv4 (`::127.0.0.1`) to hex groups (`::7f00:1`). ipaddr.js
 * reads `::a.b.c.d` as the IPv4-mapped `::ffff:a.b.c.d`, which is a different address from the one a
 * socket would reach; null when the dotted part is not four decimal octets.
 */
function dottedTailToHex(text: string): string | null {
  const match = /^(.*:)([^:]*\.[^:]*)$/.exec(text);
  if (match === null) return text;
  const octets = match[2]!.split('.');
  if (octets.length !== 4 || !octets.every((o) => /^(0|[1-9][0-9]{0,2})$/.test(o) && Number(o) <= 255))
    return null;
  const [a, b, c, d] = octets.map(Number) as [number, number, number, number];
  return `${match[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/** Reads an IP literal in any accepted spelling (brackets, odd IPv4 forms); null when it is not one. */
function parseIpLiteral(host: string): IpAddress | null {
  const trimmed = host.trim();
  const unbracketed = trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1) : trimmed;
  if (unbracketed.includes(':')) {
    // Zone ids (fe80::1%eth0) only name local links; no outbound request needs one.
    if (unbracketed.includes('%')) return null;
    const text = dottedTailToHex(unbracketed);
    if (text === null || !ipaddr.IPv6.isValid(text)) return null;
    return ipaddr.IPv6.parse(text);
  }
  if (unbracketed !== trimmed) return null;
  return parseLooseIpv4(unbracketed);
}

function familyOf(address: IpAddress): 4 | 6 {
  return address.kind() === 'ipv4' ? 4 : 6;
}

/** IPv4-mapped IPv6 reaches the IPv4 host, so it is compared as that IPv4 address. */
function unmap(address: IpAddress): IpAddress {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (address as ipaddr.IPv6).toIPv4Address();
  }
  return address;
}

const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
const IPV6_NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const IPV6_6TO4 = ipaddr.IPv6.parseCIDR('2002::/16');

function ipv4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
}

function isPublicIpv4(address: ipaddr.IPv4): boolean {
  // ipaddr.js names every special-purpose block (private, loopback, CGNAT, documentation, benchmarking,
  // multicast, reserved, broadcast, ...); whatever it does not name is global unicast.
  return address.range() === 'unicast';
}

function isPublicIpv6(address: ipaddr.IPv6): boolean {
  const parts = address.parts;
  // Forms that carry an IPv4 address and reach it are as public as that IPv4 address.
  if (address.isIPv4MappedAddress()) return isPublicIpv4(address.toIPv4Address());
  if (address.match(IPV6_NAT64_WELL_KNOWN)) return isPublicIpv4(ipv4FromParts(parts[6]!, parts[7]!));
  if (address.match(IPV6_6TO4)) return isPublicIpv4(ipv4FromParts(parts[1]!, parts[2]!));
  // Only 2000::/3 is allocated as global unicast. Outside it lie ::, ::1, IPv4-compatible ::a.b.c.d,
  // the IPv4-translated ::ffff:0:a.b.c.d, the local-use NAT64 prefix 64:ff9b:1::/48, discard-only,
  // fc00::/7, fe80::/10, site-local, SRv6 and ff00::/8 multicast.
  if (!address.match(IPV6_GLOBAL_UNICAST)) return false;
  // Inside it ipaddr.js names 2001::/23 (Teredo, benchmarking, ORCHID, ...), 2001:db8::/32, 3fff::/20
  // and AS112; anything it names is refused.
  return address.range() === 'unicast';
}

function isPublicIp(address: IpAddress): boolean {
  return address.kind() === 'ipv4'
    ? isPublicIpv4(address as ipaddr.IPv4)
    : isPublicIpv6(address as ipaddr.IPv6);
}

/** True only for a global unicast address; anything that is not an IP address is not public. */
export function isPublicAddress(ip: string): boolean {
  const address = parseIpLiteral(ip);
  return address !== null && isPublicIp(address);
}

// ---------------------------------------------------------------------------------------------------
// Host names and the allow list

const HOST_LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

/** Lower case, no trailing dot: the form in which names are compared. */
function normaliseHostName(host: string): string {
  const lower = host.trim().toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

function isValidHostName(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  return host.split('.').every((label) => HOST_LABEL.test(label));
}

type AllowEntry = { kind: 'host'; name: string } | { kind: 'range'; network: IpAddress; prefix: number };

function parseAllowEntry(entry: string): AllowEntry | null {
  const text = entry.trim();
  if (text.includes('/')) {
    const slash = text.lastIndexOf('/');
    const network = parseIpLiteral(text.slice(0, slash));
    const prefixText = text.slice(slash + 1);
    if (network === null || !/^[0-9]{1,3}$/.test(prefixText)) return null;
    const prefix = Number(prefixText);
    if (prefix > (network.kind() === 'ipv4' ? 32 : 128)) return null;
    return { kind: 'range', network, prefix };
  }
  const literal = parseIpLiteral(text);
  if (literal !== null) {
    return { kind: 'range', network: unmap(literal), prefix: literal.kind() === 'ipv4' ? 32 : 128 };
  }
  if (endsInNumber(text)) return null;
  const name = normaliseHostName(domainToASCII(text) || text);
  return isValidHostName(name) ? { kind: 'host', name } : null;
}

function describeBadEntry(entry: string): string {
  return `OUTBOUND_ALLOW_HOSTS: "${entry}" is not a host name, an IP address or a CIDR range`;
}

/**
 * Reads OUTBOUND_ALLOW_HOSTS (comma list). Throws an Error naming the first bad entry so the start can
 * stop with a readable message.
 */
export function parseAllowHosts(value: string | undefined): string[] {
  if (value === undefined) return [];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (parseAllowEntry(entry) === null) throw new Error(describeBadEntry(entry));
  }
  return entries;
}

function ipInRange(address: IpAddress, entry: { network: IpAddress; prefix: number }): boolean {
  const candidate = unmap(address);
  if (candidate.kind() !== entry.network.kind()) return false;
  return candidate.match(entry.network, entry.prefix);
}

// ---------------------------------------------------------------------------------------------------
// The guard

const defaultLookup: LookupFn = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

function describeSchemes(schemes: readonly OutboundScheme[]): string {
  if (schemes.length === 1) return `only ${schemes[0]!.slice(0, -1)} addresses are accepted`;
  return 'only http and https addresses are accepted';
}

export function createOutboundGuard(options: OutboundGuardOptions): OutboundGuard {
  const allowedNames = new Set<string>();
  const allowedRanges: { network: IpAddress; prefix: number }[] = [];
  for (const raw of options.allowHosts) {
    const entry = parseAllowEntry(raw);
    if (entry === null) throw new Error(describeBadEntry(raw));
    if (entry.kind === 'host') allowedNames.add(entry.name);
    else allowedRanges.push(entry);
  }
  const lookup = options.lookup ?? defaultLookup;

  function isAllowedIp(hostname: string, address: IpAddress): boolean {
    return allowedNames.has(normaliseHostName(hostname)) || allowedRanges.some((r) => ipInRange(address, r));
  }

  function isAllowed(hostname: string, address?: string): boolean {
    if (allowedNames.has(normaliseHostName(hostname))) return true;
    const ip = address === undefined ? parseIpLiteral(hostname) : parseIpLiteral(address);
    return ip !== null && allowedRanges.some((r) => ipInRange(ip, r));
  }

  function checkUrl(raw: string | URL, { schemes }: CheckUrlOptions): URL {
    let url: URL;
    try {
      url = new URL(String(raw));
    } catch (cause) {
      throw new OutboundBlockedError('invalid_url', BLOCK_REASONS.invalidUrl, { url: String(raw), cause });
    }
    const href = url.href;
    if (!(schemes as readonly string[]).includes(url.protocol)) {
      throw new OutboundBlockedError('scheme', describeSchemes(schemes), { url: href });
    }
    // A user name alone is refused too: it is sent as Basic credentials all the same.
    if (url.username !== '' || url.password !== '') {
      throw new OutboundBlockedError('credentials', BLOCK_REASONS.credentials, { url: href });
    }
    // new URL() already rewrites odd IPv4 spellings; reading the host again keeps this check
    // independent of that, and catches a numeric host that is not a valid address.
    const literal = parseIpLiteral(url.hostname);
    if (literal === null) {
      if (endsInNumber(url.hostname)) {
        throw new OutboundBlockedError('invalid_host', BLOCK_REASONS.invalidHost, { url: href });
      }
      return url;
    }
    if (!isPublicIp(literal) && !isAllowedIp(url.hostname, literal)) {
      throw new OutboundBlockedError('private_address', BLOCK_REASONS.privateLiteral, { url: href });
    }
    return url;
  }

  function literalAddresses(hostname: string): ResolvedAddress[] | null {
    const literal = parseIpLiteral(hostname);
    if (literal === null) return null;
    if (!isPublicIp(literal) && !isAllowedIp(hostname, literal)) {
      throw new OutboundBlockedError('private_address', BLOCK_REASONS.privateLiteral);
    }
    return [{ address: literal.toString(), family: familyOf(literal) }];
  }

  async function resolve(hostname: string): Promise<ResolvedAddress[]> {
    const literal = literalAddresses(hostname);
    if (literal !== null) return literal;
    const name = normaliseHostName(domainToASCII(hostname.trim()));
    // Resolvers read numeric-looking names as IPv4 in their own way; only real names go to DNS.
    if (endsInNumber(hostname) || !isValidHostName(name)) {
      throw new OutboundBlockedError('invalid_host', BLOCK_REASONS.invalidHost);
    }
    let answers: readonly { address: string; family: number }[];
    try {
      answers = await lookup(name);
    } catch (cause) {
      const code = (cause as { code?: unknown }).code;
      throw new OutboundResolveError(name, typeof code === 'string' ? code : undefined, { cause });
    }
    if (answers.length === 0) throw new OutboundResolveError(name, 'ENODATA');
    const resolved: ResolvedAddress[] = [];
    // Every address is checked, not just the first: the connection may use any of them.
    for (const answer of answers) {
      const ip = parseIpLiteral(answer.address);
      if (ip === null || (!isPublicIp(ip) && !isAllowedIp(name, ip))) {
        throw new OutboundBlockedError('private_address', BLOCK_REASONS.privateResolved);
      }
      const address = ip.toString();
      if (!resolved.some((r) => r.address === address)) resolved.push({ address, family: familyOf(ip) });
    }
    return resolved;
  }

  return { checkUrl, resolve, literalAddresses, isAllowed };
}
