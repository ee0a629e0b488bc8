/**
 * Which addresses the server may connect to on a user's behalf. Only public unicast addresses: a
 * creator who names `http://10.0.0.5/` or `http://169.254.169.254/` (cloud metadata) must not make our
 * server read our own network for them. IPv4-mapped and other IPv6 forms of a private IPv4 address
 * are judged as that IPv4 address.
 *
 * An operator can allow a few non-public ranges (an intranet image host) with FETCH_ALLOW_CIDRS.
 */
import ipaddr from 'ipaddr.js';

export type AddressRule = (address: string) => boolean;

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses `10.1.2.0/24, 127.0.0.1/32`; throws on a malformed entry (a typo must not open a hole silently). */
export function parseCidrs(list: readonly string[]): Cidr[] {
  return list.map((entry) => {
    const range = ipaddr.parseCIDR(entry.trim());
    const [address, bits] = range;
    return [address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address, bits];
  });
}

/**
 * The address in its plain form, the one the rule judges and the connection uses: an IPv4-mapped
 * (`::ffff:10.0.0.1`) or IPv4-compatible (`::10.0.0.1`, which URLs spell `::a00:1`) IPv6 address
 * becomes its IPv4 address, so a private IPv4 address cannot pass as an IPv6 one. `::` and `::1`
 * stay themselves. NAT64 forms (64:ff9b::/96, 64:ff9b:1::/48) are not unwrapped: they stay refused
 * as a special range, whatever IPv4 address they carry. Null when it is no IP address.
 */
export function normalise(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv6') {
    const parts = (parsed as ipaddr.IPv6).parts;
    const [high = 0, low = 0] = parts.slice(6);
    if (parts.slice(0, 6).every((part) => part === 0) && (high !== 0 || low > 1)) {
      return ipaddr.IPv4.parse(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
    }
  }
  return parsed;
}

/**
 * True only for globally routable unicast addresses (ipaddr.js's 'unicast' range; every special
 * range — private, loopback, link-local, CGNAT, multicast, reserved, unique-local, 6to4, Teredo,
 * NAT64 — is something else), or for an address inside one of the operator's allowed ranges.
 */
export function publicAddressRule(allowed: readonly Cidr[] = []): AddressRule {
  return (raw) => {
    const address = normalise(raw);
    if (!address) return false;
    if (allowed.some(([net, bits]) => net.kind() === address.kind() && address.match(net, bits))) return true;
    return address.range() === 'unicast';
  };
}
