// Which IP addresses a webhook may be sent to. A webhook URL is chosen by a form owner, so every
// address it leads to must be one anybody on the internet could reach: never this machine, its
// private network or a cloud metadata service (SSRF). Anything we cannot parse counts as not public.
import net from 'node:net';
import ipaddr from 'ipaddr.js';

type Range4 = [ipaddr.IPv4, number];
type Range6 = [ipaddr.IPv6, number];

const v4 = (cidr: string): Range4 => ipaddr.IPv4.parseCIDR(cidr);
const v6 = (cidr: string): Range6 => ipaddr.IPv6.parseCIDR(cidr);

/**
 * Every entry of the IANA IPv4 Special-Purpose Address Registry, plus multicast (its own registry).
 * Entries the registry marks "globally reachable" (AS112, AMT, the 192.0.0.9/10 anycasts) are refused
 * too: none of them can be a webhook receiver, and "the whole registry" is a rule anyone can audit.
 */
export const IPV4_REFUSED: readonly Range4[] = [
  v4('0.0.0.0/8'), // "This network" (RFC 791); holds 0.0.0.0/32 "this host", which reaches localhost
  v4('10.0.0.0/8'), // Private-Use (RFC 1918)
  v4('100.64.0.0/10'), // Shared Address Space, carrier-grade NAT (RFC 6598); Alibaba metadata 100.100.100.200
  v4('127.0.0.0/8'), // Loopback (RFC 1122)
  v4('169.254.0.0/16'), // Link Local (RFC 3927); AWS, GCP, Azure, DigitalOcean metadata 169.254.169.254
  v4('172.16.0.0/12'), // Private-Use (RFC 1918)
  v4('192.0.0.0/24'), // IETF Protocol Assignments (RFC 6890); holds DS-Lite 192.0.0.0/29, Oracle metadata 192.0.0.192
  v4('192.0.2.0/24'), // Documentation TEST-NET-1 (RFC 5737)
  v4('192.31.196.0/24'), // AS112-v4 (RFC 7535)
  v4('192.52.193.0/24'), // AMT (RFC 7450)
  v4('192.88.99.0/24'), // Deprecated 6to4 Relay Anycast (RFC 7526)
  v4('192.168.0.0/16'), // Private-Use (RFC 1918)
  v4('192.175.48.0/24'), // Direct Delegation AS112 Service (RFC 7534)
  v4('198.18.0.0/15'), // Benchmarking (RFC 2544)
  v4('198.51.100.0/24'), // Documentation TEST-NET-2 (RFC 5737)
  v4('203.0.113.0/24'), // Documentation TEST-NET-3 (RFC 5737)
  v4('224.0.0.0/4'), // Multicast (RFC 5771, IANA IPv4 Multicast Address Space Registry)
  v4('240.0.0.0/4'), // Reserved (RFC 1112); holds Limited Broadcast 255.255.255.255/32 (RFC 919)
];

/**
 * IPv6 is judged by allow-list first: only 2000::/3, the global unicast space IANA allocates from, can
 * be public. That alone refuses ::/128 unspecified, ::1 loopback, ::/96 IPv4-compatible, ::ffff:0:0/96
 * IPv4-mapped (judged separately, see below), 64:ff9b::/96 and 64:ff9b:1::/48 NAT64, 100::/64
 * discard-only, fc00::/7 unique local (AWS metadata fd00:ec2::254), fe80::/10 link-local, fec0::/10
 * site-local and ff00::/8 multicast. The entries below repeat those registry rows (so each is named and
 * tested) and add the registry rows that sit inside 2000::/3.
 */
export const IPV6_GLOBAL_UNICAST: Range6 = v6('2000::/3');

/** Every entry of the IANA IPv6 Special-Purpose Address Registry, plus multicast and site-local. */
export const IPV6_REFUSED: readonly Range6[] = [
  v6('::/128'), // Unspecified Address (RFC 4291)
  v6('::1/128'), // Loopback Address (RFC 4291)
  v6('::/96'), // IPv4-compatible, deprecated (RFC 4291 2.5.5.1); not in the registry, refused whatever it embeds
  v6('::ffff:0:0/96'), // IPv4-mapped Address (RFC 4291); only reached if the embedded IPv4 check is bypassed
  v6('::ffff:0:0:0/96'), // IPv4-translated (RFC 6145, SIIT)
  v6('64:ff9b::/96'), // IPv4-IPv6 Translat., NAT64 well-known prefix (RFC 6052); can reach any IPv4 via a gateway
  v6('64:ff9b:1::/48'), // IPv4-IPv6 Translat., local-use NAT64 (RFC 8215)
  v6('100::/64'), // Discard-Only Address Block (RFC 6666)
  v6('100:0:0:1::/64'), // Dummy IPv6 Prefix (RFC 9780)
  v6('2001::/23'), // IETF Protocol Assignments (RFC 2928); holds the rows below
  v6('2001::/32'), // TEREDO (RFC 4380); tunnels to an IPv4 address we cannot judge
  v6('2001:1::1/128'), // Port Control Protocol Anycast (RFC 7723)
  v6('2001:1::2/128'), // Traversal Using Relays around NAT Anycast (RFC 8155)
  v6('2001:1::3/128'), // DNS-SD Service Registration Protocol Anycast (RFC 9665)
  v6('2001:2::/48'), // Benchmarking (RFC 5180)
  v6('2001:3::/32'), // AMT (RFC 7450)
  v6('2001:4:112::/48'), // AS112-v6 (RFC 7535)
  v6('2001:10::/28'), // Deprecated (previously ORCHID) (RFC 4843)
  v6('2001:20::/28'), // ORCHIDv2 (RFC 7343)
  v6('2001:30::/28'), // Drone Remote ID Protocol Entity Tags (DETs) Prefix (RFC 9374)
  v6('2001:db8::/32'), // Documentation (RFC 3849)
  v6('2002::/16'), // 6to4 (RFC 3056); deprecated, and embeds an IPv4 (possibly private) reached via relays
  v6('2620:4f:8000::/48'), // Direct Delegation AS112 Service (RFC 7534)
  v6('3fff::/20'), // Documentation (RFC 9637)
  v6('5f00::/16'), // Segment Routing (SRv6) SIDs (RFC 9602)
  v6('fc00::/7'), // Unique-Local (RFC 4193); AWS IPv6 metadata fd00:ec2::254
  v6('fe80::/10'), // Link-Local Unicast (RFC 4291)
  v6('fec0::/10'), // Site-local, deprecated (RFC 3879); not in the registry
  v6('ff00::/8'), // Multicast (RFC 4291, IANA IPv6 Multicast Address Space Registry)
];

/**
 * Cloud metadata and host-agent addresses. Most already sit in a refused range; they are listed so
 * that they stay refused when FORMSTEAD_WEBHOOK_ALLOW_PRIVATE relaxes the ranges for local
 * development (a flag left on in a cloud VM must not hand out instance credentials), and because
 * Azure's WireServer 168.63.129.16 is a public-looking address.
 */
export const METADATA_ADDRESSES: readonly string[] = [
  '169.254.169.254', // AWS, GCP, Azure, DigitalOcean, Oracle, OpenStack instance metadata
  '169.254.170.2', // AWS ECS task metadata and credentials
  '169.254.170.23', // AWS EKS Pod Identity agent
  '169.254.0.23', // Tencent Cloud metadata
  '100.100.100.200', // Alibaba Cloud metadata
  '192.0.0.192', // Oracle Cloud metadata (legacy)
  '168.63.129.16', // Azure WireServer and host DNS
  'fd00:ec2::254', // AWS instance metadata over IPv6
  'fd00:ec2::23', // AWS EKS Pod Identity agent over IPv6
];

const METADATA_PARSED = METADATA_ADDRESSES.map((a) => ipaddr.parse(a).toNormalizedString());
const LINK_LOCAL_V4 = v4('169.254.0.0/16');

/** Parses a plain IP address (no brackets, no zone id) and unwraps IPv4-mapped IPv6; null if not one. */
export function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  // net.isIP is strict (four-part decimal for IPv4); ipaddr.parse alone accepts "0x7f.1" and octal.
  // A zone id ("fe80::1%eth0") names a local interface, so it never belongs to a public address.
  if (net.isIP(ip) === 0 || ip.includes('%')) return null;
  const addr = ipaddr.parse(ip);
  // ::ffff:a.b.c.d is sent on the wire as IPv4 a.b.c.d, so the IPv4 it carries is what gets judged.
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    return (addr as ipaddr.IPv6).toIPv4Address();
  return addr;
}

/** True when the address is a cloud metadata address or IPv4 link-local (where metadata services live). */
export function isMetadataAddress(ip: string): boolean {
  const addr = parseAddress(ip);
  if (!addr) return true;
  if (addr.kind() === 'ipv4' && (addr as ipaddr.IPv4).match(LINK_LOCAL_V4)) return true;
  return METADATA_PARSED.includes(addr.toNormalizedString());
}

/** True only for an address anybody on the internet could reach: outside every special-purpose range. */
export function isPublicAddress(ip: string): boolean {
  const addr = parseAddress(ip);
  if (!addr) return false;
  if (METADATA_PARSED.includes(addr.toNormalizedString())) return false;
  if (addr.kind() === 'ipv4') {
    const a = addr as ipaddr.IPv4;
    return !IPV4_REFUSED.some((range) => a.match(range));
  }
  const a = addr as ipaddr.IPv6;
  return a.match(IPV6_GLOBAL_UNICAST) && !IPV6_REFUSED.some((range) => a.match(range));
}
