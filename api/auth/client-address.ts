import { BlockList, isIP } from 'node:net';

function normalise(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** A set of IPv4/IPv6 addresses and CIDR blocks. */
export function cidrList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address)) throw new Error(`not an IP address or CIDR block: ${entry}`);
    const max = family === 'ipv6' ? 128 : 32;
    if (bits === undefined) list.addAddress(address, family);
    else if (/^\d{1,3}$/.test(bits) && Number(bits) <= max) list.addSubnet(address, Number(bits), family);
    else throw new Error(`not a valid prefix length in ${entry}`);
  }
  return list;
}

export function inList(list: BlockList, address: string): boolean {
  const a = normalise(address);
  return list.check(a, isIP(a) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The caller's address: the socket peer, or — only when that peer is a trusted proxy — the right-most
 * X-Forwarded-For entry that is not itself a trusted proxy.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trustedProxies: BlockList | undefined): string {
  let address = normalise(peer);
  if (!trustedProxies || !forwardedFor || !inList(trustedProxies, address)) return address;
  const hops = forwardedFor
    .split(',')
    .map((h) => normalise(h.trim()))
    .filter((h) => isIP(h));
  for (let i = hops.length - 1; i >= 0; i--) {
    address = hops[i];
    if (!inList(trustedProxies, address)) break;
  }
  return address;
}
