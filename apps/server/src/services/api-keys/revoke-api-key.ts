import type { ApiKeyActionResult } from "@geopulse/api-types";
import { audit } from "../audit/audit.js";
import type { KeyActionOptions } from "./act-on-api-key.js";
import { effectiveState } from "./key-state.js";
import { loadApiKey } from "./load-api-key.js";

/** Revokes from any state, effective on the next request; revoking twice is a no-op. */
export async function revokeApiKey(options: KeyActionOptions): Promise<ApiKeyActionResult> {
  const { ctx, workspace, keyId } = options;
  const now = ctx.clock.now();
  const key = await loadApiKey(ctx.prisma, workspace.id, keyId);
  if (effectiveState(key, now) === "revoked" && key.state === "revoked") {
    return { keyId: key.id, action: "revoke", state: "revoked" };
  }
  await ctx.prisma.$transaction(async (tx) => {
    await tx.apiKey.update({
      where: { id: key.id },
      data: { state: "revoked", revokedAt: key.revokedAt ?? now, deliveryCiphertext: null },
    });
    await ctx.authChanges.publish(tx, { kind: "api_key", keyId: key.id });
    await audit(options, tx, "api_key.revoke", ["api_key", key.id]);
  });
  return { keyId: key.id, action: "revoke", state: "revoked" };
}
