/**
 * The numbers of the abuse limits, in one place (docs/security.md, Abuse
 * limits, states them). Per-address limits count by `clientAddressRange`
 * (http/cidr.ts): an IPv4 address, or an IPv6 /64; the free-grant cap counts
 * by the IPv4 /24 or IPv6 /64. A "day" is the UTC day.
 */
const minute = 60_000;
const day = 24 * 60 * minute;

export const abuseLimits = {
  /** Sign-in links: per normalised email address and per client address, per 15 minutes. */
  signInLinksPerEmail: { limit: 5, windowMs: 15 * minute },
  signInLinksPerAddress: { limit: 20, windowMs: 15 * minute },
  /** Free credit grants per client range (IPv4 /24, IPv6 /64) per UTC day. */
  freeGrantsPerRange: { limit: 10, windowMs: day, ipv4Prefix: 24 },
  /** Invitations a workspace may send per UTC day. */
  invitationsPerWorkspace: { limit: 50, windowMs: day },
  /** Workspaces one person may create. */
  workspacesPerUser: 10,
  /** Characters of the inviter's name and of the workspace name in invitation emails. */
  invitationNameChars: 64,
  /** Requests with a well-formed but unknown bearer key, per client address: a bucket of 20, one more every 30 s. */
  unknownKeys: { capacity: 20, refillMs: 30_000 },
  /** MCP `search_answers` calls: per key a bucket of 30 refilling one every 2 s, per address 60 every 1 s. */
  mcpSearchPerKey: { capacity: 30, refillMs: 2_000 },
  mcpSearchPerAddress: { capacity: 60, refillMs: 1_000 },
  /** Shared-report PDFs: per client address a bucket of 5 refilling one every 12 s, per link 10 every 6 s. */
  sharedPdfPerAddress: { capacity: 5, refillMs: 12_000 },
  sharedPdfPerLink: { capacity: 10, refillMs: 6_000 },
} as const;
