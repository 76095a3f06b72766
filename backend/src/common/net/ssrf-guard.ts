import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';

/**
 * The one guard every outbound request a user can aim goes through (agents' tools, issue 33):
 * only http(s), only public addresses after DNS resolution, and the address checked is the one the
 * connection uses (pinned through the dispatcher's lookup, so a name that resolves again to
 * something else — DNS rebinding — cannot slip past). Redirects are followed here, by hand, at
 * most 5, each checked the same way. Hosts named in TOOL_ALLOWED_HOSTS ('host[:port]') may be
 * anything (an MCP server on this machine, an intranet API).
 */
export const OUTBOUND_REFUSED_MESSAGE = 'La dirección de la herramienta no está permitida.';

export class OutboundRefusedError extends Error {
  constructor(message = OUTBOUND_REFUSED_MESSAGE) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

export type LookupAddress = { address: string; family: number };
export type HostLookup = (hostname: string) => Promise<LookupAddress[]>;

export interface OutboundPolicy {
  /** Lower-cased 'host' or 'host:port' entries (TOOL_ALLOWED_HOSTS); IPv6 literals in brackets. */
  allowedHosts: string[];
  /** DNS resolution; the system's by default (tests give their own). */
  lookup?: HostLookup;
}

export const MAX_REDIRECTS = 5;

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local, AWS metadata fd00:ec2::254
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** True for an address a tool may reach without TOOL_ALLOWED_HOSTS. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const embedded = embeddedIpv4(address.toLowerCase());
  if (embedded !== null) return isPublicAddress(embedded);
  return !blocked.check(address, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::) or 6to4 (2002::) address. */
function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (!bytes) return null;
  const v4 = (offset: number) => bytes.slice(offset, offset + 4).join('.');
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12); // ::ffff:a.b.c.d
  if (zeros(0, 12) && !(zeros(12, 15) && bytes[15] <= 1)) return v4(12); // ::a.b.c.d (deprecated compatible)
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) return v4(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2);
  return null;
}

function ipv6Bytes(address: string): number[] | null {
  let text = address.split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1].split('.').map(Number);
    text = text.slice(0, -dotted[1].length) + `${((parts[0] << 8) | parts[1]).toString(16)}:${((parts[2] << 8) | parts[3]).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const groups = [...headParts, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailParts].map((group) => parseInt(group, 16));
  if (groups.length !== 8 || groups.some((group) => Number.isNaN(group))) return null;
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

const systemLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

function isAllowedHost(url: URL, allowedHosts: string[]): boolean {
  const host = url.hostname.toLowerCase();
  return allowedHosts.includes(host) || allowedHosts.includes(`${host}:${defaultPort(url)}`);
}

/**
 * Checks a URL and says which address to connect to: refused (OutboundRefusedError) for another
 * scheme, credentials in the URL, or any resolved address that is not public, unless allowed.
 */
export async function resolveOutbound(target: string | URL, policy: OutboundPolicy): Promise<{ url: URL; address: LookupAddress }> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new OutboundRefusedError('La dirección de la herramienta no es una URL válida.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefusedError('La dirección de la herramienta debe empezar por http:// o https://.');
  if (url.username || url.password) throw new OutboundRefusedError();
  const allowed = isAllowedHost(url, policy.allowedHosts);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(hostname);
  let addresses: LookupAddress[];
  if (literal) addresses = [{ address: hostname, family: literal }];
  else {
    try {
      addresses = await (policy.lookup ?? systemLookup)(hostname);
    } catch {
      throw new OutboundRefusedError('No se encuentra el servidor de la herramienta.');
    }
  }
  if (addresses.length === 0) throw new OutboundRefusedError('No se encuentra el servidor de la herramienta.');
  if (!allowed && addresses.some((entry) => !isPublicAddress(entry.address))) throw new OutboundRefusedError();
  return { url, address: addresses[0] };
}

/**
 * A dispatcher whose connections go to `address` whatever the name resolves to by then. Kept per
 * address (its pools per origin), so calls to one tool reuse their connections.
 */
const agents = new Map<string, Agent>();
const MAX_AGENTS = 64;

function pinnedAgent(address: LookupAddress): Agent {
  const key = `${address.family}|${address.address}`;
  const existing = agents.get(key);
  if (existing) return existing;
  const agent = new Agent({
    keepAliveTimeout: 10_000,
    connect: {
      lookup: (_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
        if (options?.all) callback(null, [address]);
        else callback(null, address.address, address.family);
      },
    } as never,
  });
  if (agents.size >= MAX_AGENTS) {
    const [oldestKey, oldest] = agents.entries().next().value as [string, Agent];
    agents.delete(oldestKey);
    void oldest.close().catch(() => undefined);
  }
  agents.set(key, agent);
  return agent;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'accept-language', 'content-type', 'user-agent', 'mcp-protocol-version']);

export type GuardedFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * A fetch (the MCP SDK's transports take one; the OpenAPI calls use it too) that refuses what the
 * policy refuses and follows redirects itself, checking each. With init.redirect 'manual' or
 * 'error' it hands the redirect back (the MCP SDK follows its own, each through this fetch again).
 */
export function guardedFetch(policy: OutboundPolicy): GuardedFetch {
  return async (input, init = {}) => {
    let target = typeof input === 'string' ? input : input.toString();
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body;
    let headers = new Headers(init.headers);
    const followRedirects = init.redirect === undefined || init.redirect === 'follow';
    for (let hop = 0; ; hop++) {
      const { url, address } = await resolveOutbound(target, policy);
      const dispatcher = pinnedAgent(address);
      const response = await undiciFetch(url, {
        ...(init as UndiciRequestInit),
        method,
        headers: headers as never,
        body: body as never,
        redirect: 'manual',
        dispatcher,
      });
      const location = response.headers.get('location');
      if (!REDIRECTS.has(response.status) || !location) return response as unknown as Response;
      if (!followRedirects) {
        if (init.redirect === 'error') throw new TypeError('redirect');
        return response as unknown as Response;
      }
      await response.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS) throw new OutboundRefusedError('La herramienta redirige demasiadas veces.');
      const next = new URL(location, url);
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
        headers.delete('content-type');
        headers.delete('content-length');
      }
      // Credentials (a bearer token, a named header) stay with the origin they were given for.
      if (next.origin !== url.origin) {
        const kept = new Headers();
        headers.forEach((value, name) => {
          if (CROSS_ORIGIN_HEADERS.has(name)) kept.set(name, value);
        });
        headers = kept;
      }
      target = next.toString();
    }
  };
}
