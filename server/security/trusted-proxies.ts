import { isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

/**
 * Which proxies in front of the app may tell it the client's address (TRUST_PROXY). `none`: nobody, the
 * socket's peer is the client. `hops`: that many proxies, counted back from the app (the balancer the app
 * is only reachable through). `addresses`: proxies at these addresses or CIDR ranges, wherever they are.
 */
export type TrustedProxies = { none: true } | { hops: number } | { addresses: string[] };

/** proxy-addr's named ranges, handy for operators: loopback, linklocal, uniquelocal. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export const TRUST_PROXY_HINT =
  'must be a hop count (1 behind one load balancer) or a comma-separated list of proxy addresses or ' +
  'CIDR ranges (e.g. 10.0.0.0/8); "true" would trust any X-Forwarded-For address a client writes';

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/** Reads TRUST_PROXY; null when it is not valid (bare `true` included). Unset, `false` and `0` trust none. */
export function parseTrustedProxies(value: string | undefined): TrustedProxies | null {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return { none: true };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 100 ? { hops } : null;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || !entries.every(isAddressOrRange)) return null;
  return { addresses: entries };
}

/**
 * Fastify's `trustProxy` for these proxies. A list goes to Fastify as is (proxy-addr matches addresses and
 * CIDRs). A hop count does not: Fastify 5 turns a number into "trust nobody" (it cannot check the peer), so
 * the hop count becomes a function trusting the first `hops` addresses counted from the socket. Either way
 * Fastify walks X-Forwarded-For from the right and `request.ip` is the right-most untrusted address: the
 * entries a client wrote itself, left of those, are never read.
 */
export function fastifyTrustProxy(proxies: TrustedProxies): FastifyServerOptions['trustProxy'] {
  if ('hops' in proxies) {
    const { hops } = proxies;
    return (_address: string, hop: number) => hop < hops;
  }
  if ('addresses' in proxies) return proxies.addresses;
  return false;
}
