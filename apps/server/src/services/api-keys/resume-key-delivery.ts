import type { ApiKeyActionResult } from "@geopulse/api-types";
import { audit } from "../audit/audit.js";
import type { KeyActionOptions } from "./act-on-api-key.js";
import { effectiveState } from "./key-state.js";
import { checkDelivery, invalidState, loadApiKey, openDeliveryCopy } from "./load-api-key.js";

/** The pending secret again, while the delivery window is open. */
export async function resumeKeyDelivery(options: KeyActionOptions): Promise<ApiKeyActionResult> {
  const { ctx, workspace, keyId, input, principal } = options;
  const key = await loadApiKey(ctx.prisma, workspace.id, keyId);
  await checkDelivery(ctx, key, principal, input.deliveryId);
  const now = ctx.clock.now();
  if (effectiveState(key, now) !== "pending") throw invalidState(key, now, "resume-delivery");
  const { secret, deliveryId } = openDeliveryCopy(ctx, key);
  await ctx.prisma.$transaction((tx) =>
    audit(options, tx, "api_key.resume_delivery", ["api_key", key.id]),
  );
  return {
    keyId: key.id,
    action: "resume-delivery",
    state: "pending",
    secret,
    deliveryId,
    ...(key.deliveryExpiresAt ? { deliveryExpiresAt: key.deliveryExpiresAt.toISOString() } : {}),
  };
}
