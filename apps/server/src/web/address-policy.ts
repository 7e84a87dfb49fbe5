import ipaddr from "ipaddr.js";

/**
 * Which addresses the server may connect to when it fetches a URL a user typed. Everything
 * ipaddr.js does not call plain `unicast` is refused, with the range named; IPv6 forms that
 * carry an IPv4 address (IPv4-mapped, IPv4-translated, IPv4-compatible, NAT64, 6to4) are judged
 * by the IPv4 address inside them. Loopback is allowed only when the policy says so (local mode
 * and tests; hosted mode never: `config.ts`).
 */
export type AddressVerdict =
  | { allowed: true; address: string }
  | { allowed: false; address: string; range: BlockedRange; label: string };

export type BlockedRange =
  | "loopback"
  | "private"
  | "link_local"
  | "unique_local"
  | "carrier_grade_nat"
  | "multicast"
  | "unspecified"
  | "broadcast"
  | "reserved"
  | "cloud_metadata"
  | "not_an_address";

const labels: Record<BlockedRange, string> = {
  loopback: "a loopback address (this machine)",
  private: "a private network address",
  link_local: "a link-local address",
  unique_local: "a unique-local (private IPv6) address",
  carrier_grade_nat: "a carrier-grade NAT (shared) address",
  multicast: "a multicast address",
  unspecified: "the unspecified address",
  broadcast: "the broadcast address",
  reserved: "a reserved, documentation or benchmarking address",
  cloud_metadata: "a cloud metadata service address",
  not_an_address: "not an IP address",
};

/** Cloud instance metadata services (AWS, GCP, Azure, Alibaba, AWS IPv6), refused first by name. */
const metadataAddresses = new Set(
  ["169.254.169.254", "168.63.129.16", "100.100.100.200", "fd00:ec2::254"].map((a) =>
    ipaddr.parse(a).toNormalizedString(),
  ),
);

const v4Ranges: Record<string, BlockedRange> = {
  unspecified: "unspecified",
  broadcast: "broadcast",
  multicast: "multicast",
  linkLocal: "link_local",
  loopback: "loopback",
  carrierGradeNat: "carrier_grade_nat",
  private: "private",
};

const v6Ranges: Record<string, BlockedRange> = {
  unspecified: "unspecified",
  linkLocal: "link_local",
  multicast: "multicast",
  loopback: "loopback",
  uniqueLocal: "unique_local",
  deprecatedSiteLocal: "private",
};

export interface AddressPolicy {
  /** Loopback (127.0.0.0/8, ::1 and their mapped forms) may be connected to. */
  allowLoopback: boolean;
}

export function checkAddress(text: string, policy: AddressPolicy): AddressVerdict {
  const address = text.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(address)) return refuse(address, "not_an_address");
  const parsed = ipaddr.parse(address);
  const range = classify(parsed);
  if (range === null) return { allowed: true, address };
  if (range === "loopback" && policy.allowLoopback) return { allowed: true, address };
  return refuse(address, range);
}

function refuse(address: string, range: BlockedRange): AddressVerdict {
  return { allowed: false, address, range, label: labels[range] };
}

/** The range an address is refused for, or null for a public unicast address. */
function classify(parsed: ipaddr.IPv4 | ipaddr.IPv6): BlockedRange | null {
  if (metadataAddresses.has(normalized(parsed))) return "cloud_metadata";
  if (parsed.kind() === "ipv4") {
    const name = parsed.range();
    if (name === "unicast") return null;
    return v4Ranges[name] ?? "reserved";
  }
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded !== undefined) return embedded === null ? "reserved" : classify(embedded);
  const name = v6.range();
  if (name === "unicast") return null;
  return v6Ranges[name] ?? "reserved";
}

function normalized(parsed: ipaddr.IPv4 | ipaddr.IPv6): string {
  return parsed.kind() === "ipv4"
    ? parsed.toString()
    : (parsed as ipaddr.IPv6).toNormalizedString();
}

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated
 * `::ffff:0:a.b.c.d`, IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d` and 6to4
 * `2002:AABB:CCDD::`. Undefined when it carries none; null when it does but cannot be read
 * (Teredo, the local-use NAT64 prefix), which is refused as reserved.
 */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null | undefined {
  const p = v6.parts;
  const v4 = (hi: number | undefined, lo: number | undefined) =>
    new ipaddr.IPv4([(hi ?? 0) >> 8, (hi ?? 0) & 0xff, (lo ?? 0) >> 8, (lo ?? 0) & 0xff]);
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && p[5] === 0xffff) return v4(p[6], p[7]);
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return v4(p[6], p[7]);
  if (zeros(0, 6) && !((p[6] === 0 && p[7] === 0) || (p[6] === 0 && p[7] === 1)))
    return v4(p[6], p[7]);
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return v4(p[6], p[7]);
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 1) return null;
  if (p[0] === 0x2002) return v4(p[1], p[2]);
  if (p[0] === 0x2001 && p[1] === 0) return null;
  return undefined;
}
