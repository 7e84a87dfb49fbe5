import type { ApiKeyActionResult, Scope } from "@geopulse/api-types";
import { audit } from "../audit/audit.js";
import { runIdempotent } from "../idempotency/idempotency.js";
import type { KeyActionOptions } from "./act-on-api-key.js";
import { checkScopesForRole } from "./check-scopes-for-role.js";
import { replayPendingKey } from "./create-api-key.js";
import { effectiveState } from "./key-state.js";
import { invalidState, loadApiKey } from "./load-api-key.js";
import { mintApiKey } from "./mint-api-key.js";
import { toApiKeyCreated } from "./to-api-key-response.js";

/** A replacement key in pending; the old key stays active until it is acknowledged. */
export async function rotateApiKey(options: KeyActionOptions): Promise<ApiKeyActionResult> {
  const { ctx, workspace, keyId, input, principal } = options;
  const asResult = (replacement: ApiKeyActionResult["replacement"]): ApiKeyActionResult => ({
    keyId,
    action: "rotate",
    state: "active",
    ...(replacement ? { replacement } : {}),
  });
  return runIdempotent({
    ctx,
    scope: input.idempotencyKey
      ? {
          workspaceId: workspace.id,
          principalId: principal.userId,
          operation: `rotateApiKey:${keyId}`,
          key: input.idempotencyKey,
          request: { action: input.action },
        }
      : undefined,
    run: async (tx) => {
      const now = ctx.clock.now();
      const key = await loadApiKey(tx, workspace.id, keyId);
      if (effectiveState(key, now) !== "active") throw invalidState(key, now, "rotate");
      // The replacement is the rotator's key: their role must allow its scopes.
      checkScopesForRole({ ctx, role: workspace.role, scopes: key.scopes as Scope[] });
      const pendingReplacements = await tx.apiKey.findMany({
        where: { replacesKeyId: key.id, state: "pending", deliveryExpiresAt: { gt: now } },
        select: { id: true },
      });
      if (pendingReplacements.length > 0) {
        throw invalidState(
          key,
          now,
          `rotate while replacement ${pendingReplacements[0]?.id} is pending`,
        );
      }
      const minted = await mintApiKey({
        ctx,
        tx,
        workspaceId: workspace.id,
        name: key.name,
        scopes: key.scopes as Scope[],
        allowedCidrs: key.allowedCidrs,
        source: "session",
        createdByUserId: principal.userId,
        replacesKeyId: key.id,
        pending: true,
      });
      const replacement = minted.key;
      await audit(options, tx, "api_key.rotate", ["api_key", key.id], {
        replacementKeyId: replacement.id,
      });
      return { resourceId: replacement.id, result: asResult(toApiKeyCreated(replacement, minted)) };
    },
    replay: async (replacementId) =>
      asResult(await replayPendingKey(ctx, workspace.id, replacementId)),
  });
}
