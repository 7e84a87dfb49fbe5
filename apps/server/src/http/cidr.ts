import ipaddr from "ipaddr.js";

export type CidrCheck = { ok: true; canonical: string } | { ok: false; reason: string };

/**
 * Strict CIDR: `<address>/<prefix>`, dotted-quad IPv4 or IPv6, a prefix in
 * range without leading zeros, and no host bits set.
 */
export function checkCidr(text: string): CidrCheck {
  const slash = text.indexOf("/");
  if (slash < 0)
    return { ok: false, reason: "must be a range with a prefix length, e.g. 203.0.113.0/24" };
  const address = text.slice(0, slash);
  const prefixText = text.slice(slash + 1);
  if (!/^(0|[1-9]\d{0,2})$/.test(prefixText))
    return { ok: false, reason: "has an invalid prefix length" };
  const prefix = Number(prefixText);
  let kind: "ipv4" | "ipv6";
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) kind = "ipv4";
  else if (!address.includes(".") && ipaddr.IPv6.isValid(address)) kind = "ipv6";
  else if (address.includes(":") && ipaddr.IPv6.isValid(address)) kind = "ipv6";
  else return { ok: false, reason: "is not an IPv4 or IPv6 address" };
  const max = kind === "ipv4" ? 32 : 128;
  if (prefix > max) return { ok: false, reason: `prefix length must be at most ${max}` };
  const network =
    kind === "ipv4"
      ? ipaddr.IPv4.networkAddressFromCIDR(`${address}/${prefix}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${address}/${prefix}`);
  const parsed = ipaddr.parse(address);
  if (network.toString() !== parsed.toString()) {
    return {
      ok: false,
      reason: `has host bits set; the network is ${network.toString()}/${prefix}`,
    };
  }
  return { ok: true, canonical: `${parsed.toString()}/${prefix}` };
}

/** True when the client address falls in one of the ranges; IPv4-mapped IPv6 counts as IPv4. */
export function addressInRanges(clientAddress: string | undefined, ranges: string[]): boolean {
  if (!clientAddress || !ipaddr.isValid(clientAddress)) return false;
  const address = ipaddr.process(clientAddress);
  return ranges.some((range) => {
    const [network, bits] = ipaddr.parseCIDR(range);
    return network.kind() === address.kind() && address.match(network, bits);
  });
}

/**
 * What a per-address limit counts by: an IPv4 address (or its `/ipv4Prefix`
 * network) and an IPv6 address's /64 network, since one IPv6 host commonly
 * holds a whole /64. IPv4-mapped IPv6 counts as IPv4. Written as the network
 * in CIDR form (`203.0.113.7/32`, `2001:db8:1:2::/64`); `unknown` without one.
 */
export function clientAddressRange(clientAddress: string | undefined, ipv4Prefix = 32): string {
  if (!clientAddress || !ipaddr.isValid(clientAddress)) return "unknown";
  const address = ipaddr.process(clientAddress);
  const prefix = address.kind() === "ipv4" ? ipv4Prefix : 64;
  const network =
    address.kind() === "ipv4"
      ? ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${prefix}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${prefix}`);
  return `${network.toString()}/${prefix}`;
}
