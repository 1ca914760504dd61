// The network an address belongs to, for counting distinct reporters: one household or office (an
// IPv4 /24, an IPv6 /48 site prefix) counts once however many addresses it has.
import type ipaddr from 'ipaddr.js';
import { parseAddress } from './ip-ranges.ts';

/** `a.b.c.0/24` or `x:y:z::/48`; 'unknown' for anything that is not an IP address. */
export function networkOf(ip: string): string {
  const addr = parseAddress(ip.trim());
  if (!addr) return 'unknown';
  if (addr.kind() === 'ipv4') {
    const [a, b, c] = addr.toByteArray();
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 3).map((p) => p.toString(16));
  return `${parts.join(':')}::/48`;
}

/**
 * The key a client address is rate-limited under: an IPv4 address as it is (an IPv4-mapped IPv6
 * address as the IPv4 it carries), an IPv6 address as its /64. A home or a server is given a whole /64,
 * so keying by the full address would let one client take a fresh bucket with every address it picks.
 * Anything that is not an IP address is kept as given.
 */
export function rateLimitKeyOf(ip: string): string {
  const addr = parseAddress(ip.trim());
  if (!addr) return ip;
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
