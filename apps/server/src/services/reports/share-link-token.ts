import { capabilityMatches, hashCapability } from "../../crypto/capability-token.js";
import { randomToken } from "../../random.js";

/** The prefix of a report share link's token. */
const PREFIX = "gpr_";

/**
 * Report share link tokens: `gpr_` and 43 base64url characters (32 bytes from
 * the CSPRNG); the database holds only the SHA-256 (hex) of the whole token.
 */
export const shareLinkToken = {
  mint(): { token: string; hash: string } {
    const token = `${PREFIX}${randomToken()}`;
    return { token, hash: shareLinkToken.hash(token) };
  },
  hash: hashCapability,
  /** Constant-time comparison of a token's hash with a stored one. */
  matches: capabilityMatches,
};
