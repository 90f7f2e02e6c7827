import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { boundToDatabase } from '../db/per-database';

// Outbound HTTP to addresses a community typed in (its SMS gateway, its WhatsApp Graph address, a
// media file it links): the server calls them from inside the installation's network, so each call
// is held to public addresses over https. The host's addresses are checked where the connection is
// made (a DNS lookup hook: a name that resolves to a private address, even only on this lookup, is
// refused), redirects are never followed, and answers are bounded in time and size. The
// installation may allow named hosts (a gateway on its own network, a test fake) and plain http.
// A community's SMTP server is held to the same policy (`checkSmtp`, `resolveSmtp`): a public
// address, resolved and checked when the socket is opened and connected to by that address, on a
// mail port only.

/** What the installation allows beyond public https addresses (OUTBOUND_ALLOW_HOSTS, OUTBOUND_ALLOW_HTTP). */
export interface OutboundPolicy {
  /**
   * `host` (any port) or `host:port` (`[::1]:8080` for IPv6) that may be reached although their
   * addresses are private, and over plain http.
   */
  allowHosts: string[];
  /** Plain http:// to public addresses (default: https only). */
  allowHttp: boolean;
}

export type OutboundFailure = 'refused' | 'timeout' | 'unreachable' | 'too_large';

/** A call that was not made (`refused`: the address is not allowed) or did not complete. */
export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The whole call: connection, request and answer. */
  timeoutMs: number;
  /** Longest answer read (default 1 MB); longer is a `too_large` failure. */
  maxBytes?: number;
}

export interface OutboundResponse {
  status: number;
  ok: boolean;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface Outbound {
  /** Why the server will not call `url` (a sentence naming the address), or null when it will. Resolves the host name. */
  check(url: string): Promise<string | null>;
  /**
   * Why the server will not open a mail connection to `host`:`port` (a sentence, and which of the
   * two is at fault), or null when it will: a public address and a mail port (25, 465, 587, 2525),
   * unless the installation allows the host.
   */
  checkSmtp(host: string, port: number): Promise<{ on: 'host' | 'port'; message: string } | null>;
  /**
   * The address to connect a mail socket to, resolved and checked now (every address the name has
   * must be public): the connection goes to this address, so no later lookup can change it.
   * `servername` is the name to verify TLS against. Throws an OutboundError (`refused`, `unreachable`).
   */
  resolveSmtp(host: string, port: number): Promise<{ address: string; servername?: string }>;
  /** One call to `url` under the policy; never follows a redirect (a 3xx is answered as it is). */
  request(url: string, init: OutboundInit): Promise<OutboundResponse>;
  close(): void;
}

const DEFAULT_MAX_BYTES = 1024 * 1024;
/** How long a save waits for a host name to resolve before accepting it (the call checks again). */
const CHECK_LOOKUP_MS = 3000;

// ---- which addresses are not public ---------------------------------------------------------------

const V4_RANGES: [string, number, string][] = [
  ['0.0.0.0', 8, 'an unspecified'],
  ['10.0.0.0', 8, 'a private'],
  ['100.64.0.0', 10, 'a shared (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'a loopback'],
  ['169.254.0.0', 16, 'a link-local'],
  ['172.16.0.0', 12, 'a private'],
  ['192.0.0.0', 24, 'a reserved'],
  ['192.0.2.0', 24, 'a documentation'],
  ['192.88.99.0', 24, 'a reserved'],
  ['192.168.0.0', 16, 'a private'],
  ['198.18.0.0', 15, 'a reserved'],
  ['198.51.100.0', 24, 'a documentation'],
  ['203.0.113.0', 24, 'a documentation'],
  ['224.0.0.0', 4, 'a multicast'],
  ['240.0.0.0', 4, 'a reserved'],
];

function v4Number(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const V4_PARSED = V4_RANGES.map(([base, bits, kind]) => ({ base: v4Number(base), size: 2 ** (32 - bits), kind }));

function v4Kind(n: number): string | null {
  for (const r of V4_PARSED) if (n >= r.base && n < r.base + r.size) return r.kind;
  return null;
}

/** The eight 16-bit groups of an IPv6 address (a zone id dropped, a trailing dotted quad taken in). */
function v6Groups(ip: string): number[] | null {
  let text = ip
    .replace(/^\[|\]$/g, '')
    .split('%')[0]!
    .toLowerCase();
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    if (isIP(quad[1]!) !== 4) return null;
    const n = v4Number(quad[1]!);
    text = `${text.slice(0, -quad[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail].map((g) =>
    /^[0-9a-f]{1,4}$/.test(g) ? Number.parseInt(g, 16) : Number.NaN,
  );
  return groups.some(Number.isNaN) ? null : groups;
}

function v6Kind(g: number[]): string | null {
  const embedded = (hi: number, lo: number) => v4Kind(hi * 65536 + lo);
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeros(8)) return 'an unspecified';
  if (zeros(7) && g[7] === 1) return 'a loopback';
  // IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, NAT64 64:ff9b::a.b.c.d: the IPv4 address decides.
  if (zeros(5) && g[5] === 0xffff) return embedded(g[6]!, g[7]!);
  if (zeros(6)) return embedded(g[6]!, g[7]!);
  if (zeros(4) && g[4] === 0xffff && g[5] === 0) return embedded(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return embedded(g[6]!, g[7]!);
  // 6to4 2002:a.b.c.d::/48 carries the IPv4 address in its second and third groups.
  if (g[0] === 0x2002) return embedded(g[1]!, g[2]!);
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'a documentation';
  if (g[0] === 0x2001 && g[1] === 0) return 'a reserved (Teredo)';
  if ((g[0]! & 0xfe00) === 0xfc00) return 'a unique-local';
  if ((g[0]! & 0xffc0) === 0xfe80) return 'a link-local';
  if ((g[0]! & 0xff00) === 0xff00) return 'a multicast';
  // Only global unicast (2000::/3) is public; everything else is reserved or special-purpose.
  if ((g[0]! & 0xe000) !== 0x2000) return 'a reserved';
  return null;
}

/**
 * What kind of non-public address `ip` is ('a loopback', 'a private', 'a link-local', …), or null
 * for a public one. IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are
 * judged by that address. Anything that is not an IP address is null.
 */
export function nonPublicKind(ip: string): string | null {
  const bare = ip.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) return v4Kind(v4Number(bare));
  const groups = isIP(bare.split('%')[0]!) === 6 ? v6Groups(bare) : null;
  return groups ? v6Kind(groups) : null;
}

// ---- the policy -----------------------------------------------------------------------------------

/** The refusal of `host` at `address`: a name's address is not named (it would map the installation's own network). */
const refusedAddress = (host: string, address: string, kind: string) =>
  `${host} ${host === address ? 'is' : 'resolves to'} ${kind} address: the server calls only public addresses`;

interface Target {
  url: URL;
  /** The host is on the installation's allow list: private addresses and http are fine. */
  allowed: boolean;
}

function entryOf(entry: string): { host: string; port: string | null } | null {
  const m = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(entry.trim());
  if (!m) return null;
  try {
    return { host: new URL(`http://${m[1]}`).hostname, port: m[2] ?? null };
  } catch {
    return null;
  }
}

/** Entries of OUTBOUND_ALLOW_HOSTS that cannot be read (for the configuration's message). */
export function invalidAllowHosts(entries: string[]): string[] {
  return entries.filter((e) => entryOf(e) === null);
}

function targetOf(policy: OutboundPolicy, raw: string): Target {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('refused', 'Not a web address');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundError('refused', 'Only https:// addresses are called');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const allowed = policy.allowHosts.some((e) => {
    const entry = entryOf(e);
    return entry !== null && entry.host === url.hostname && (entry.port === null || entry.port === port);
  });
  if (allowed) return { url, allowed };
  if (url.protocol === 'http:' && !policy.allowHttp) throw new OutboundError('refused', 'Use an https:// address');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const name = host.replace(/\.$/, '');
  if (isIP(host)) {
    const kind = nonPublicKind(host);
    if (kind) throw new OutboundError('refused', refusedAddress(host, host, kind));
  } else if (name === 'localhost' || name.endsWith('.localhost')) {
    throw new OutboundError('refused', refusedAddress(host, '127.0.0.1', 'a loopback'));
  }
  return { url, allowed };
}

/** The ports a community's mail server may listen on: SMTP relay, submission over TLS, submission, and the common alternative. */
export const SMTP_PORTS = [25, 465, 587, 2525];

/** A refusal of the port, not the host. */
class BadSmtpPort extends OutboundError {
  constructor(port: number) {
    super('refused', `Port ${port} is not a mail port: use ${SMTP_PORTS.join(', ')}`);
  }
}

/** An SMTP host and port under the policy: allowed by the installation, or public with an SMTP port. */
function smtpTargetOf(policy: OutboundPolicy, rawHost: string, port: number): { host: string; allowed: boolean } {
  const host = rawHost.trim().toLowerCase().replace(/\.$/, '');
  const allowed = policy.allowHosts.some((e) => {
    const entry = entryOf(e);
    return entry !== null && entry.host === host && (entry.port === null || Number(entry.port) === port);
  });
  if (allowed) return { host, allowed };
  if (isIP(host)) {
    const kind = nonPublicKind(host);
    if (kind) throw new OutboundError('refused', refusedAddress(host, host, kind));
  } else if (host === 'localhost' || host.endsWith('.localhost')) {
    throw new OutboundError('refused', refusedAddress(host, '127.0.0.1', 'a loopback'));
  }
  if (!SMTP_PORTS.includes(port)) throw new BadSmtpPort(port);
  return { host, allowed };
}

/** The first non-public address among `addresses`, as a refusal naming it. */
function refusalAmong(host: string, addresses: LookupAddress[]): string | null {
  for (const a of addresses) {
    const kind = nonPublicKind(a.address);
    if (kind) return refusedAddress(host, a.address, kind);
  }
  return null;
}

/** How names are resolved: dns.lookup (the system's resolver), or a stand-in in tests. */
export type Resolver = (
  hostname: string,
  options: { all: true },
  callback: (err: Error | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) =>
  dnsLookup(hostname, options, (err, addresses) => callback(err, addresses ?? []));

/** The DNS lookup connections use: every address a name resolves to must be public, or none is used. */
const guardedLookup =
  (resolve: Resolver): LookupFunction =>
  (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      for (const a of addresses) {
        const kind = nonPublicKind(a.address);
        if (kind) return callback(new OutboundError('refused', refusedAddress(hostname, a.address, kind)), '', 0);
      }
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };

function resolveAll(resolver: Resolver, hostname: string, timeoutMs: number): Promise<LookupAddress[] | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    timer.unref();
    resolver(hostname, { all: true }, (err, addresses) => {
      clearTimeout(timer);
      resolve(err ? null : addresses);
    });
  });
}

function describe(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return String(e.code ?? e.message ?? error).slice(0, 200);
}

/** Outbound HTTP under `policy`: one keep-alive agent per scheme, every connection through the guarded lookup. */
export function createOutbound(policy: OutboundPolicy, resolver: Resolver = systemResolver): Outbound {
  const lookup = guardedLookup(resolver);
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

  return {
    async check(raw) {
      let target: Target;
      try {
        target = targetOf(policy, raw);
      } catch (error) {
        return (error as Error).message;
      }
      const host = target.url.hostname;
      if (target.allowed || isIP(host.replace(/^\[|\]$/g, ''))) return null;
      // A name that does not resolve now is accepted: each call resolves it again through the guard.
      return refusalAmong(host, (await resolveAll(resolver, host, CHECK_LOOKUP_MS)) ?? []);
    },

    async checkSmtp(rawHost, port) {
      let target: { host: string; allowed: boolean };
      try {
        target = smtpTargetOf(policy, rawHost, port);
      } catch (error) {
        return { on: error instanceof BadSmtpPort ? 'port' : 'host', message: (error as Error).message };
      }
      if (target.allowed || isIP(target.host)) return null;
      // As for web addresses: an unresolvable name is accepted now and checked at each connection.
      const refusal = refusalAmong(target.host, (await resolveAll(resolver, target.host, CHECK_LOOKUP_MS)) ?? []);
      return refusal ? { on: 'host', message: refusal } : null;
    },

    async resolveSmtp(rawHost, port) {
      const target = smtpTargetOf(policy, rawHost, port);
      if (target.allowed || isIP(target.host)) return { address: target.host };
      const addresses = await resolveAll(resolver, target.host, CHECK_LOOKUP_MS);
      if (!addresses || addresses.length === 0) throw new OutboundError('unreachable', `${target.host} has no address`);
      const refusal = refusalAmong(target.host, addresses);
      if (refusal) throw new OutboundError('refused', refusal);
      return { address: addresses[0]!.address, servername: target.host };
    },

    async request(raw, init) {
      const target = targetOf(policy, raw);
      const secure = target.url.protocol === 'https:';
      const body = init.body === undefined ? undefined : Buffer.from(init.body);
      const maxBytes = init.maxBytes ?? DEFAULT_MAX_BYTES;
      return new Promise<OutboundResponse>((resolve, reject) => {
        let settled = false;
        const fail = (error: OutboundError) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          req.destroy();
          reject(error);
        };
        const req = (secure ? https : http).request(
          target.url,
          {
            method: init.method ?? 'GET',
            headers: { ...init.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
            agent: secure ? agents.https : agents.http,
            ...(target.allowed ? {} : { lookup }),
          },
          (res) => {
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > maxBytes) fail(new OutboundError('too_large', `The answer is larger than ${Math.round(maxBytes / 1024)} KB`));
              else chunks.push(chunk);
            });
            res.on('end', () => {
              if (settled) return;
              settled = true;
              clearTimeout(timer);
              const status = res.statusCode ?? 0;
              resolve({ status, ok: status >= 200 && status < 300, headers: res.headers, body: Buffer.concat(chunks) });
            });
            res.on('error', (error) => fail(new OutboundError('unreachable', describe(error))));
          },
        );
        const timer = setTimeout(
          () => fail(new OutboundError('timeout', `No answer within ${Math.round(init.timeoutMs / 1000)} s`)),
          init.timeoutMs,
        );
        req.on('error', (error) => fail(error instanceof OutboundError ? error : new OutboundError('unreachable', describe(error))));
        req.end(body);
      });
    },

    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/** The app's outbound HTTP, reachable from anything holding its database (settings saves, senders). */
const outbounds = boundToDatabase<Outbound>('outbound HTTP');
export const bindOutbound = outbounds.bind;
export const outboundFor = outbounds.of;
