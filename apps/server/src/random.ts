import { randomBytes } from "node:crypto";

/** A number in [0, 1). Injected (`ctx.random`) wherever chance decides, so tests can fix it. */
export type Random = () => number;

/** The operating system's generator: 48 random bits scaled to [0, 1). */
export const cryptoRandom: Random = () => randomBytes(6).readUIntBE(0, 6) / 2 ** 48;

/**
 * A capability token: `bytes` random bytes (256 bits by default) from the operating system's
 * generator, base64url (43 characters for 32 bytes). Never from `Random`, which tests can fix.
 */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}
