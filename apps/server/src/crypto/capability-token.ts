import { createHash, timingSafeEqual } from "node:crypto";

/**
 * What the database keeps of a capability token (a delivery id, a share-link token, an OAuth
 * state): its SHA-256, hex. A 256-bit random token needs no salt or pepper: its hash cannot be
 * reversed, and knowing the hash grants nothing.
 */
export function hashCapability(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether `token` hashes to `storedHash`, compared in constant time. */
export function capabilityMatches(token: string, storedHash: string | null | undefined): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hashCapability(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
