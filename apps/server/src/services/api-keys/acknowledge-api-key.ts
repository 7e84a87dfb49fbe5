import type { ApiKeyActionResult } from "@geopulse/api-types";
import { audit } from "../audit/audit.js";
import type { KeyActionOptions } from "./act-on-api-key.js";
import { effectiveState, graceWindowMs } from "./key-state.js";
import { checkDelivery, invalidState, loadApiKey, ownsDelivery } from "./load-api-key.js";

/**
 * pending -> active, erasing the delivery copy. When the key replaces another,
 * the old key enters its 15-minute grace. Acknowledging again is a no-op.
 */
export async function acknowledgeApiKey(options: KeyActionOptions): Promise<ApiKeyActionResult> {
  const { ctx, workspace, keyId, input, principal } = options;
  const key = await loadApiKey(ctx.prisma, workspace.id, keyId);
  const now = ctx.clock.now();
  const state = effectiveState(key, now);
  if (state === "active" && ownsDelivery(key, principal, input.deliveryId)) {
    return { keyId: key.id, action: "acknowledge", state: "active" };
  }
  await checkDelivery(ctx, key, principal, input.deliveryId);
  if (state !== "pending") throw invalidState(key, now, "acknowledge");
  return ctx.prisma.$transaction(async (tx) => {
    const updated = await tx.apiKey.updateMany({
      where: { id: key.id, state: "pending", deliveryExpiresAt: { gt: now } },
      data: { state: "active", acknowledgedAt: now, deliveryCiphertext: null },
    });
    if (updated.count !== 1)
      throw invalidState(
        await tx.apiKey.findUniqueOrThrow({ where: { id: key.id } }),
        now,
        "acknowledge",
      );
    await ctx.authChanges.publish(tx, { kind: "api_key", keyId: key.id });
    let replacedKey: ApiKeyActionResult["replacedKey"];
    if (key.replacesKeyId) {
      const graceEndsAt = new Date(now.getTime() + graceWindowMs);
      const moved = await tx.apiKey.updateMany({
        where: { id: key.replacesKeyId, state: "active" },
        data: { state: "grace", graceEndsAt },
      });
      await ctx.authChanges.publish(tx, { kind: "api_key", keyId: key.replacesKeyId });
      const old = await tx.apiKey.findUniqueOrThrow({ where: { id: key.replacesKeyId } });
      replacedKey = {
        keyId: old.id,
        state: effectiveState(old, now),
        graceEndsAt:
          moved.count === 1 ? graceEndsAt.toISOString() : (old.graceEndsAt?.toISOString() ?? null),
      };
    }
    await audit(
      options,
      tx,
      "api_key.acknowledge",
      ["api_key", key.id],
      replacedKey ? { replacedKeyId: replacedKey.keyId } : undefined,
    );
    return {
      keyId: key.id,
      action: "acknowledge",
      state: "active",
      ...(replacedKey ? { replacedKey } : {}),
    };
  });
}
