import type { ApiKey, Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { type AppError, errors } from "../../errors/app-error.js";
import { deliveryAad } from "./generate-key-secret.js";
import { effectiveState } from "./key-state.js";

type Db = AppContext["prisma"] | Prisma.TransactionClient;

/** A key of this workspace, or 404 (keys of other workspaces do not exist here). */
export async function loadApiKey(db: Db, workspaceId: string, keyId: string): Promise<ApiKey> {
  const key = await db.apiKey.findFirst({ where: { id: keyId, workspaceId } });
  if (!key) throw errors.notFound("API key");
  return key;
}

/** The delivery checks shared by resume-delivery and acknowledge. */
export async function checkDelivery(
  ctx: AppContext,
  key: ApiKey,
  deliveryId: string | undefined,
): Promise<void> {
  if (!deliveryId)
    throw errors.field("body.deliveryId", "required", "deliveryId is required for this action");
  if (key.deliveryId !== deliveryId) {
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

/** The plaintext of a pending key's sealed delivery copy. */
export function openDeliveryCopy(ctx: AppContext, key: ApiKey): string {
  if (!key.deliveryCiphertext) throw errors.deliveryExpired("secretGone");
  return ctx.secrets.secretBox.open(key.deliveryCiphertext, deliveryAad(key.id));
}

export function invalidState(key: ApiKey, now: Date, action: string): AppError {
  return errors.invalidKeyState(effectiveState(key, now), action);
}
