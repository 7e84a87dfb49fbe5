import type { ApiKeyCreated, ApiKey as ApiKeyResponse, Scope } from "@geopulse/api-types";
import type { ApiKey } from "@geopulse/db";
import { keyPrefix } from "./generate-key-secret.js";
import { effectiveState } from "./key-state.js";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The public prefix: the literal and the first 4 secret characters. */
export const keyPrefixOf = (key: Pick<ApiKey, "secretHead">) => `${keyPrefix}${key.secretHead}`;

/** A key's metadata; who created it and whether the caller may act on it come from the listing. */
export function toApiKeyResponse(
  key: ApiKey,
  now: Date,
  viewer: Pick<ApiKeyResponse, "createdBy" | "viewerCanManage">,
): ApiKeyResponse {
  return {
    keyId: key.id,
    name: key.name,
    prefix: keyPrefixOf(key),
    last4: key.last4,
    scopes: key.scopes as Scope[],
    allowedCidrs: key.allowedCidrs,
    state: effectiveState(key, now),
    source: key.source as ApiKeyResponse["source"],
    createdAt: key.createdAt.toISOString(),
    acknowledgedAt: iso(key.acknowledgedAt),
    lastUsedAt: iso(key.lastUsedAt),
    revokedAt: iso(key.revokedAt),
    deliveryExpiresAt: iso(key.deliveryExpiresAt),
    graceEndsAt: iso(key.graceEndsAt),
    replacesKeyId: key.replacesKeyId,
    ...viewer,
  };
}

/** The creation answer for a pending key, its secret and its deliveryId. */
export function toApiKeyCreated(
  key: ApiKey,
  delivery: { secret: string; deliveryId: string | null },
): ApiKeyCreated {
  return {
    keyId: key.id,
    secret: delivery.secret,
    prefix: keyPrefixOf(key),
    last4: key.last4,
    deliveryId: delivery.deliveryId ?? "",
    ...(key.deliveryExpiresAt ? { deliveryExpiresAt: key.deliveryExpiresAt.toISOString() } : {}),
  };
}
