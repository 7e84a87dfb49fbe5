import type { DeviceAuthorization } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import type { SessionPrincipal } from "../../http/principal.js";
import {
  assertUnderRateLimit,
  type RateLimitRule,
  recordRateLimitHit,
} from "../rate-limit/rate-limit.js";
import { normalizeUserCode } from "./user-code.js";

export interface FindDeviceAuthorizationOptions {
  ctx: AppContext;
  principal: SessionPrincipal;
  userCode: string;
  clientAddress: string | undefined;
}

const windowMs = 15 * 60_000;

/**
 * A live (unexpired) device authorization by user code. User codes are short,
 * so failed look-ups are limited per person and per address: guessing one of
 * the live codes would take far more tries than the limits allow.
 */
export async function findDeviceAuthorization({
  ctx,
  principal,
  userCode,
  clientAddress,
}: FindDeviceAuthorizationOptions): Promise<DeviceAuthorization> {
  const rules: RateLimitRule[] = [
    { bucket: `device-lookup:user:${principal.userId}`, limit: 10, windowMs },
    { bucket: `device-lookup:ip:${clientAddress ?? "unknown"}`, limit: 30, windowMs },
  ];
  await assertUnderRateLimit(ctx, rules);
  const code = normalizeUserCode(userCode);
  const row = code
    ? await ctx.prisma.deviceAuthorization.findUnique({ where: { userCode: code } })
    : null;
  if (!row || row.expiresAt <= ctx.clock.now()) {
    await recordRateLimitHit(ctx, rules);
    throw errors.notFound("Device authorization");
  }
  return row;
}
