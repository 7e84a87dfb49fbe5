import type { DeviceAuthorizationStarted, RequestBody } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { hashCapability } from "../../crypto/capability-token.js";
import { isUniqueViolation } from "../../db-errors.js";
import { clientAddressRange } from "../../http/cidr.js";
import { newId } from "../../ids.js";
import { randomToken } from "../../random.js";
import { consumeRateLimit } from "../rate-limit/rate-limit.js";
import { formatUserCode, generateUserCode } from "./user-code.js";

export const deviceCodeTtlMs = 10 * 60_000;
export const pollIntervalSeconds = 5;

export interface StartDeviceAuthorizationOptions {
  ctx: AppContext;
  input: RequestBody<"startDeviceAuthorization"> | undefined;
  clientAddress: string | undefined;
}

/** Starts the device flow; only a hash of the device code is stored. */
export async function startDeviceAuthorization({
  ctx,
  input,
  clientAddress,
}: StartDeviceAuthorizationOptions): Promise<DeviceAuthorizationStarted> {
  await consumeRateLimit(ctx, [
    {
      bucket: `device-start:ip:${clientAddressRange(clientAddress)}`,
      limit: 30,
      windowMs: 15 * 60_000,
    },
  ]);
  const deviceCode = randomToken();
  const now = ctx.clock.now();
  for (let attempt = 0; ; attempt++) {
    const userCode = generateUserCode();
    try {
      await ctx.prisma.deviceAuthorization.create({
        data: {
          id: newId("dev", ctx.clock),
          deviceCodeHash: hashCapability(deviceCode),
          userCode,
          clientName: input?.clientName ?? null,
          requestedScopes: input?.scopes ?? [],
          status: "pending",
          approvedScopes: [],
          intervalSeconds: pollIntervalSeconds,
          createdAt: now,
          expiresAt: new Date(now.getTime() + deviceCodeTtlMs),
        },
      });
      const verificationUri = `${ctx.config.publicUrl}/device`;
      return {
        deviceCode,
        userCode: formatUserCode(userCode),
        verificationUri,
        verificationUriComplete: `${verificationUri}?user_code=${formatUserCode(userCode)}`,
        expiresIn: deviceCodeTtlMs / 1000,
        interval: pollIntervalSeconds,
      };
    } catch (error) {
      // A user code collision: draw another.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}
