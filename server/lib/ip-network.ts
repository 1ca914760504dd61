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
