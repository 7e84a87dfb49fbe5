import type { ApiKeyActionResult } from "@geopulse/api-types";
import { errors } from "../../errors/app-error.js";
import { audit } from "../audit/audit.js";
import type { KeyActionOptions } from "./act-on-api-key.js";
import { effectiveState } from "./key-state.js";
import { invalidState, loadApiKey } from "./load-api-key.js";

/** Sent to an acknowledged replacement: revokes the old key now, without waiting for grace. */
export async function confirmKeyRotation(options: KeyActionOptions): Promise<ApiKeyActionResult> {
  const { ctx, workspace, keyId } = options;
  const now = ctx.clock.now();
  const replacement = await loadApiKey(ctx.prisma, workspace.id, keyId);
  if (!replacement.replacesKeyId)
    throw invalidState(replacement, now, "confirm-rotation of a key that replaces none");
  const state = effectiveState(replacement, now);
  if (state === "pending") {
    throw errors.rotationNotAcknowledged();
  }
  if (state !== "active") throw invalidState(replacement, now, "confirm-rotation");
  const oldKeyId = replacement.replacesKeyId;
  return ctx.prisma.$transaction(async (tx) => {
    await tx.apiKey.updateMany({
      where: { id: oldKeyId, state: { in: ["active", "grace"] } },
      data: { state: "revoked", revokedAt: now, deliveryCiphertext: null },
    });
    await ctx.authChanges.publish(tx, { kind: "api_key", keyId: oldKeyId });
    await audit(options, tx, "api_key.confirm_rotation", ["api_key", oldKeyId], {
      replacementKeyId: replacement.id,
    });
    const old = await tx.apiKey.findUniqueOrThrow({ where: { id: oldKeyId } });
    return {
      keyId: replacement.id,
      action: "confirm-rotation",
      state: "active",
      replacedKey: { keyId: old.id, state: effectiveState(old, now), graceEndsAt: null },
    };
  });
}
