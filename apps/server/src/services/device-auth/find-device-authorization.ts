import type { DeviceAuthorization } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import { clientAddressRange } from "../../http/cidr.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { consumeRateLimit } from "../rate-limit/rate-limit.js";
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
 * the live codes would take far more tries than the limits allow. Every
 * look-up takes its slot first (one atomic statement, so parallel guesses
 * cannot all pass a check together) and a found code gives it back.
 */
export async function findDeviceAuthorization({
  ctx,
  principal,
  userCode,
  clientAddress,
}: FindDeviceAuthorizationOptions): Promise<DeviceAuthorization> {
  const miss = await consumeRateLimit(ctx, [
    { bucket: `device-lookup:user:${principal.userId}`, limit: 10, windowMs },
    { bucket: `device-lookup:ip:${clientAddressRange(clientAddress)}`, limit: 30, windowMs },
  ]);
  const code = normalizeUserCode(userCode);
  const row = code
    ? await ctx.prisma.deviceAuthorization.findUnique({ where: { userCode: code } })
    : null;
  if (!row || row.expiresAt <= ctx.clock.now()) {
    throw errors.notFound("Device authorization");
  }
  await miss.refund();
  return row;
}
