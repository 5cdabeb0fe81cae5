/**
 * Outbound webhook POSTs, for partner and public deliveries alike, with the SSRF rules of docs/public-webhooks.md:
 *
 * - `https` only, and the address actually connected to may not be loopback, private, link-local, CGNAT,
 *   cloud-metadata, multicast or reserved. The check runs inside the socket's DNS lookup (the `lookup` option of
 *   `http.request`), so the address checked is the address connected: a name that resolves to a public address at
 *   validation time and to 127.0.0.1 at send time (DNS rebinding) is still refused.
 * - development targets (`HUB_DEV_WEBHOOK_TARGETS`, which `npm start` sets and production refuses), for sandbox and
 *   test mode only: plain `http` and loopback too (`http://localhost:3000/hooks`); the other ranges stay refused.
 * - redirects are never followed (a 3xx is a failure); at most RESPONSE_BODY_CAP bytes of the answer are read, and
 *   the first `captureBytes` of them kept with the headers when asked (the public delivery log shows them).
 *
 * node:http's own `lookup` hook is used rather than an undici Agent: the same connect-time guarantee without another
 * dependency.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export const RESPONSE_BODY_CAP = 16 * 1024;
const USER_AGENT = 'dispatch-hub-webhooks/1';

function blockList(entries: [string, number, 'ipv4' | 'ipv6'][]): BlockList {
  const list = new BlockList();
  for (const [net, prefix, type] of entries) list.addSubnet(net, prefix, type);
  return list;
}

const LOOPBACK = blockList([
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
]);

/** Never reachable from a webhook, in any mode. */
const FORBIDDEN = blockList([
  ['0.0.0.0', 8, 'ipv4'], // "this network"
  ['10.0.0.0', 8, 'ipv4'], // private
  ['100.64.0.0', 10, 'ipv4'], // CGNAT
  ['169.254.0.0', 16, 'ipv4'], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12, 'ipv4'], // private
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments (incl. 192.0.0.192 Oracle metadata)
  ['192.168.0.0', 16, 'ipv4'], // private
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['224.0.0.0', 3, 'ipv4'], // multicast and reserved, broadcast
  ['::', 128, 'ipv6'], // unspecified
  ['fc00::', 7, 'ipv6'], // unique local (incl. AWS fd00:ec2::254)
  ['fe80::', 10, 'ipv6'], // link-local
  ['ff00::', 8, 'ipv6'], // multicast
  ['64:ff9b::', 96, 'ipv6'], // NAT64 to anything
  ['2001:db8::', 32, 'ipv6'], // documentation
]);

export type AddressVerdict = 'allowed' | 'loopback' | 'forbidden';

/** Classifies one IP address (IPv4-mapped IPv6 is judged as its IPv4). */
export function classifyAddress(address: string): AddressVerdict {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1] : address;
  const type = isIP(ip) === 4 ? 'ipv4' : isIP(ip) === 6 ? 'ipv6' : null;
  if (!type) return 'forbidden';
  if (LOOPBACK.check(ip, type)) return 'loopback';
  if (FORBIDDEN.check(ip, type)) return 'forbidden';
  return 'allowed';
}

/** Which targets one webhook may have: its mode, and whether this hub runs with development targets. */
export interface TargetPolicy {
  livemode: boolean;
  devTargets: boolean;
}

/** Plain http and this machine: a developer's receiver, for sandbox and test mode on a development hub only. */
const localAllowed = ({ livemode, devTargets }: TargetPolicy) => devTargets && !livemode;

export const WEBHOOK_URL_RULE =
  'an https:// URL of at most 2048 characters, without user or password, to a public address; plain http and localhost only for sandbox or test credentials on a hub started for development';

export function addressAllowed(address: string, local: boolean): boolean {
  const verdict = classifyAddress(address);
  return verdict === 'allowed' || (verdict === 'loopback' && local);
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
}

/** A `lookup` for http.request that resolves, then keeps only the addresses allowed (none → an error). */
export function guardedLookup(local: boolean, resolver: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname).then(
      (all) => {
        const allowed = all.filter((a) => addressAllowed(a.address, local));
        if (allowed.length === 0) {
          callback(new BlockedAddressError(`${hostname} resolves only to addresses webhooks may not reach`), '', 4);
        } else if ((options as { all?: boolean }).all) {
          (callback as unknown as (err: null, addresses: LookupAddress[]) => void)(null, allowed);
        } else {
          callback(null, allowed[0].address, allowed[0].family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 4),
    );
  };
}

/**
 * Why a URL may not be a webhook target under `policy`, or null when it may (the address is checked again at send).
 * The one rule for partner endpoints and public destinations, at the API, the CLI and the sender.
 */
export function urlProblem(raw: string, policy: TargetPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (raw.length > 2048) return 'must be at most 2048 characters';
  if (url.username || url.password) return 'must not contain credentials';
  const local = localAllowed(policy);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return 'must use https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !addressAllowed(host, local)) return 'must not point at a private, loopback, link-local or metadata address';
  if (!local && /^localhost\.?$|\.localhost\.?$/i.test(host)) return 'must not point at localhost';
  return null;
}

export interface PostOptions extends TargetPolicy {
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  resolver?: Resolver;
  /** Keep the answer's headers and its first this many bytes (`PostResult.response`). */
  captureBytes?: number;
}

/** What the receiver answered, as read: its headers and the first bytes of its body. */
export interface CapturedResponse {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The body went on past the bytes kept. */
  truncated: boolean;
}

export interface PostResult {
  /** HTTP status, or null when no answer came. */
  status: number | null;
  /** Error class when no answer came: timeout, connection_refused, blocked_address, insecure_url, dns_failure, … */
  error: string | null;
  retryAfter: string | null;
  durationMs: number;
  /** With `captureBytes`, when an answer came. */
  response?: CapturedResponse;
}

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 256 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

function errorClass(err: NodeJS.ErrnoException): string {
  if (err instanceof BlockedAddressError || err.code === 'EBLOCKEDADDRESS') return 'blocked_address';
  if (err.name === 'TimeoutError' || err.name === 'AbortError' || err.code === 'ETIMEDOUT') return 'timeout';
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'connection_refused';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'connection_reset';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'dns_failure';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'unreachable';
  }
  if (err.code?.startsWith('ERR_TLS') || /certificate|SSL|TLS/i.test(err.message)) return 'tls_error';
  return 'request_failed';
}

/** One POST under the rules above. Never throws: the outcome says what happened. */
export async function safePost(rawUrl: string, options: PostOptions): Promise<PostResult> {
  const started = performance.now();
  const done = (
    status: number | null,
    error: string | null,
    retryAfter: string | null = null,
    response?: CapturedResponse,
  ): PostResult => ({
    status,
    error,
    retryAfter,
    durationMs: Math.round(performance.now() - started),
    ...(response ? { response } : {}),
  });
  const problem = urlProblem(rawUrl, options);
  if (problem) return done(null, problem.includes('https') ? 'insecure_url' : 'blocked_address');
  const url = new URL(rawUrl);
  const secure = url.protocol === 'https:';
  const body = Buffer.from(options.body, 'utf8');
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const request = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        lookup: guardedLookup(localAllowed(options), options.resolver),
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'content-length': String(body.length),
          ...options.headers,
        },
      },
      (response) => {
        let read = 0;
        const retryAfter = response.headers['retry-after'] ?? null;
        const capture = options.captureBytes ?? 0;
        const kept: Buffer[] = [];
        const answered = () =>
          done(
            response.statusCode ?? null,
            null,
            retryAfter,
            capture > 0
              ? { headers: response.headers, body: Buffer.concat(kept).subarray(0, capture), truncated: read > capture }
              : undefined,
          );
        response.on('data', (chunk: Buffer) => {
          if (read < capture) kept.push(chunk.subarray(0, capture - read));
          read += chunk.length;
          if (read > RESPONSE_BODY_CAP) {
            // Enough: the status is the answer; drop the rest and the socket with it.
            response.destroy();
            finish(answered());
          }
        });
        response.on('end', () => finish(answered()));
        response.on('error', () => finish(answered()));
      },
    );
    request.on('error', (err) => finish(done(null, errorClass(err as NodeJS.ErrnoException))));
    request.end(body);
  });
}
