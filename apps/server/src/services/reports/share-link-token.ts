import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** The prefix of a report share link's token. */
const PREFIX = "gpr_";

/**
 * Report share link tokens: `gpr_` and 43 base64url characters (32 bytes from
 * the CSPRNG); the database holds only the SHA-256 (hex) of the whole token.
 */
export const shareLinkToken = {
  mint(): { token: string; hash: string } {
    const token = `${PREFIX}${randomBytes(32).toString("base64url")}`;
    return { token, hash: shareLinkToken.hash(token) };
  },
  hash: (token: string): string => createHash("sha256").update(token, "utf8").digest("hex"),
  /** Constant-time comparison of a token's hash with a stored one. */
  matches(token: string, storedHash: string): boolean {
    const given = Buffer.from(shareLinkToken.hash(token), "hex");
    const stored = Buffer.from(storedHash, "hex");
    return given.length === stored.length && timingSafeEqual(given, stored);
  },
};
