import { randomBytes } from "node:crypto";

export interface KeySecret {
  /** `gp_live_` + 43 base64url characters (256 bits from the CSPRNG). */
  secret: string;
  prefix: string;
  last4: string;
}

export const keyPrefix = "gp_live_";

export function generateKeySecret(): KeySecret {
  const secret = `${keyPrefix}${randomBytes(32).toString("base64url")}`;
  return { secret, prefix: secret.slice(0, keyPrefix.length + 4), last4: secret.slice(-4) };
}

/** Associated data binding a sealed delivery copy to its key. */
export const deliveryAad = (keyId: string) => `api-key-delivery:${keyId}`;
