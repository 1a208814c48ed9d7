import { isIPv4, isIPv6 } from 'node:net';

/** Expands `2001:db8::1` to its eight hextets. */
function hextets(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right];
}

/**
 * What a per-IP limit counts. One IPv6 customer usually holds a whole /64, so counting single addresses
 * would let them walk through 2^64 of them; the /64 is the unit. IPv4-mapped IPv6 counts as the IPv4.
 */
export function addressSubject(ip: string): string {
  // Every IPv6 form has a colon; an address without one is counted as it is, without Node's long IPv6 pattern.
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return ip;
  const prefix = hextets(address.toLowerCase())
    .slice(0, 4)
    .map((part) => part.replace(/^0+(?=.)/, ''));
  return `${prefix.join(':')}::/64`;
}
