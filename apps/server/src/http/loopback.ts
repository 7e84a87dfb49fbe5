import ipaddr from "ipaddr.js";

/**
 * Whether a host name (no port; an IPv6 address with or without its brackets) names this
 * machine's loopback interface: `localhost`, 127.0.0.0/8, `::1`, or 127.0.0.0/8 written as an
 * IPv4-mapped IPv6 address. Other names under `.localhost` are not taken: what they resolve to
 * is up to the system's resolver.
 */
export function isLoopbackName(name: string): boolean {
  const host = name.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (host === "localhost") return true;
  if (!ipaddr.isValid(host)) return false;
  const address = ipaddr.parse(host);
  const v4 =
    address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()
      ? (address as ipaddr.IPv6).toIPv4Address()
      : address;
  return v4.range() === "loopback";
}
