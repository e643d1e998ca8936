import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Addresses a server must never fetch on a user's behalf: loopback, private, link-local, carrier-grade
 * NAT, unique-local, multicast, unspecified and the IPv4-mapped forms of them.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The host's own addresses, public ones included: a URL naming the server's own public address would
 * otherwise reach the server itself and every service listening beside it.
 */
export function isHostAddress(
  address: string,
  interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces(),
): boolean {
  const bare = address.replace(/^::ffff:(?=\d+\.)/i, '').toLowerCase();
  return Object.values(interfaces)
    .flat()
    .some((info) => info !== undefined && info.address.toLowerCase().replace(/%.*$/, '') === bare);
}

/** What a user's URL may never reach: private ranges and this host's own addresses. */
export const isRefusedAddress = (address: string): boolean =>
  isPrivateAddress(address) || isHostAddress(address);

/**
 * The refusal rule with exceptions: addresses and ranges ([address, prefix, family]) an operator allows
 * (an intranet media server or tracker) pass; everything else as `isRefusedAddress`.
 */
export function refusalExcept(
  allowed: readonly [string, number, 'ipv4' | 'ipv6'][],
): (address: string) => boolean {
  if (allowed.length === 0) return isRefusedAddress;
  const list = new BlockList();
  for (const [address, prefix, family] of allowed) list.addSubnet(address, prefix, family);
  return (address) => {
    const bare = address.replace(/^::ffff:(?=\d+\.)/i, '');
    const family = isIP(bare);
    if (family !== 0 && list.check(bare, family === 4 ? 'ipv4' : 'ipv6')) return false;
    return isRefusedAddress(address);
  };
}

export class BlockedUrlError extends Error {}

export interface SafeFetchOptions {
  maxRedirects?: number;
  /** Longest silence on the connection. */
  timeoutMs?: number;
  /** Longest the whole fetch may take, body included (a server that drips bytes is cut off). */
  deadlineMs?: number;
  /** Aborts the fetch, body included (the person who asked for it went away). */
  signal?: AbortSignal;
  /** Which resolved addresses are refused (tests may loosen it for one loopback address). */
  isBlocked?: (address: string) => boolean;
  resolve?: (host: string) => Promise<string[]>;
  userAgent?: string;
  /** POST this JSON instead of a GET (no redirect is followed then). */
  postJson?: string;
  /** Extra request headers (a supplier's key). */
  headers?: Record<string, string>;
}

const defaultResolve = async (host: string) => (await dnsLookup(host, { all: true })).map((a) => a.address);

/**
 * GET a URL for a user: http(s) only; every hop's host is resolved and refused when any of its addresses
 * is blocked; the connection goes to the address that was checked (no second lookup to rebind);
 * redirects are followed by hand, each one checked again. Returns the final response, body unread.
 */
export async function safeGet(url: string, options: SafeFetchOptions = {}): Promise<IncomingMessage> {
  const isBlocked = options.isBlocked ?? isRefusedAddress;
  // One signal ends the fetch at the deadline or when the caller aborts; both are let go once the body is
  // done, so neither can reach a finished request later.
  const ending = new AbortController();
  const deadline = setTimeout(
    () => ending.abort(new Error('deadline passed')),
    options.deadlineMs ?? 300_000,
  );
  deadline.unref();
  const callerLeft = () => ending.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', callerLeft, { once: true });
  if (options.signal?.aborted) callerLeft();
  const release = () => {
    clearTimeout(deadline);
    options.signal?.removeEventListener('abort', callerLeft);
  };
  try {
    const response = await follow(url, options, isBlocked, ending.signal);
    response.once('end', release).once('close', release);
    return response;
  } catch (error) {
    release();
    throw error;
  }
}

async function follow(
  url: string,
  options: SafeFetchOptions,
  isBlocked: (address: string) => boolean,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const resolve = options.resolve ?? defaultResolve;
  let current = new URL(url);
  for (let hop = 0; hop <= (options.maxRedirects ?? 5); hop += 1) {
    signal.throwIfAborted();
    if (current.protocol !== 'http:' && current.protocol !== 'https:')
      throw new BlockedUrlError('only http and https');
    if (current.username || current.password) throw new BlockedUrlError('credentials in the address');
    const host = current.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [host] : await resolve(host);
    if (addresses.length === 0 || addresses.some(isBlocked))
      throw new BlockedUrlError(`refused address for ${host}`);
    const address = addresses[0]!;
    const response = await new Promise<IncomingMessage>((done, fail) => {
      const request = (current.protocol === 'https:' ? httpsRequest : httpRequest)(
        current,
        {
          method: options.postJson === undefined ? 'GET' : 'POST',
          timeout: options.timeoutMs ?? 15_000,
          servername: isIP(host) ? undefined : host,
          // Connect to the checked address; Node may ask for one address or for a list.
          lookup: ((_hostname: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) =>
            opts.all
              ? callback(null, [{ address, family: isIP(address) }])
              : callback(null, address, isIP(address))) as never,
          headers: {
            ...options.headers,
            'user-agent': options.userAgent ?? 'Vitrine media import',
            ...(options.postJson === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': String(Buffer.byteLength(options.postJson)),
                }),
          },
          // Ends the request, and the response's body with it, at the deadline or when the caller leaves.
          signal,
        },
        done,
      );
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', fail);
      request.end(options.postJson);
    });
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location && options.postJson === undefined) {
      response.resume();
      current = new URL(response.headers.location, current);
      continue;
    }
    return response;
  }
  throw new BlockedUrlError('too many redirects');
}
