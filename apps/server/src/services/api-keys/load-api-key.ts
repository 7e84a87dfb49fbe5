import type { ApiKey, Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { capabilityMatches } from "../../crypto/capability-token.js";
import { type AppError, errors } from "../../errors/app-error.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { type DeliveryCopy, deliveryAad, parseDeliveryCopy } from "./generate-key-secret.js";
import { effectiveState } from "./key-state.js";

type Db = AppContext["prisma"] | Prisma.TransactionClient;

/** A key of this workspace, or 404 (keys of other workspaces do not exist here). */
export async function loadApiKey(db: Db, workspaceId: string, keyId: string): Promise<ApiKey> {
  const key = await db.apiKey.findFirst({ where: { id: keyId, workspaceId } });
  if (!key) throw errors.notFound("API key");
  return key;
}

/**
 * Whether `deliveryId` is this key's and `principal` the person who created the key: the
 * deliveryId is compared by its hash in constant time, and a delivery belongs to its creator
 * only (a colleague who learns the id gets what a wrong id gets).
 */
export function ownsDelivery(
  key: ApiKey,
  principal: SessionPrincipal,
  deliveryId: string | undefined,
): boolean {
  const matches = deliveryId !== undefined && capabilityMatches(deliveryId, key.deliveryIdHash);
  return matches && key.createdByUserId !== null && key.createdByUserId === principal.userId;
}

/** The delivery checks shared by resume-delivery and acknowledge. */
export async function checkDelivery(
  ctx: AppContext,
  key: ApiKey,
  principal: SessionPrincipal,
  deliveryId: string | undefined,
): Promise<void> {
  if (!deliveryId)
    throw errors.field("body.deliveryId", "required", "deliveryId is required for this action");
  if (!ownsDelivery(key, principal, deliveryId)) {
    throw errors.deliveryMismatch();
  }
  if (effectiveState(key, ctx.clock.now()) === "expired") {
    await ctx.prisma.apiKey.updateMany({
      where: { id: key.id, state: "pending" },
      data: { state: "expired", deliveryCiphertext: null },
    });
    throw errors.deliveryExpired("windowClosed");
  }
}

/** A pending key's sealed delivery copy, opened: its secret and deliveryId. */
export function openDeliveryCopy(ctx: AppContext, key: ApiKey): DeliveryCopy {
  if (!key.deliveryCiphertext) throw errors.deliveryExpired("secretGone");
  return parseDeliveryCopy(ctx.secrets.secretBox.open(key.deliveryCiphertext, deliveryAad(key.id)));
}

export function invalidState(key: ApiKey, now: Date, action: string): AppError {
  return errors.invalidKeyState(effectiveState(key, now), action);
}
