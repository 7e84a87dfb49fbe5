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

/** What a pending key's sealed delivery copy holds: the secret and its deliveryId. */
export interface DeliveryCopy {
  secret: string;
  deliveryId: string;
}

export const serializeDeliveryCopy = (copy: DeliveryCopy) =>
  JSON.stringify({ secret: copy.secret, deliveryId: copy.deliveryId });

export function parseDeliveryCopy(plaintext: string): DeliveryCopy {
  const copy = JSON.parse(plaintext) as Partial<DeliveryCopy>;
  if (typeof copy.secret !== "string" || typeof copy.deliveryId !== "string")
    throw new Error("a delivery copy without its secret or deliveryId");
  return { secret: copy.secret, deliveryId: copy.deliveryId };
}
