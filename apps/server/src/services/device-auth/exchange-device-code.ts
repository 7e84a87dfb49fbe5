import type { DeviceToken, Scope } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { hashCapability } from "../../crypto/capability-token.js";
import { errors } from "../../errors/app-error.js";
import { mintApiKey } from "../api-keys/mint-api-key.js";
import { recordAuditEvent } from "../audit/record-audit-event.js";

export interface ExchangeDeviceCodeOptions {
  ctx: AppContext;
  deviceCode: string;
  requestId: string;
}

/**
 * The device's poll. Once approved, one conditional update claims the
 * authorization, so however many polls race, exactly one mints the key.
 */
export async function exchangeDeviceCode({
  ctx,
  deviceCode,
  requestId,
}: ExchangeDeviceCodeOptions): Promise<DeviceToken> {
  const row = await ctx.prisma.deviceAuthorization.findUnique({
    where: { deviceCodeHash: hashCapability(deviceCode) },
  });
  const now = ctx.clock.now();
  if (!row || row.status === "consumed" || row.expiresAt <= now) throw errors.expiredToken();
  if (row.status === "denied") throw errors.accessDenied();
  if (row.status === "pending") {
    const tooSoon =
      row.lastPolledAt && now.getTime() - row.lastPolledAt.getTime() < row.intervalSeconds * 1000;
    await ctx.prisma.deviceAuthorization.update({
      where: { id: row.id },
      data: { lastPolledAt: now, ...(tooSoon ? { intervalSeconds: row.intervalSeconds + 5 } : {}) },
    });
    if (tooSoon) {
      throw errors.slowDown(row.intervalSeconds + 5);
    }
    throw errors.authorizationPending(row.intervalSeconds);
  }
  return ctx.prisma.$transaction(async (tx) => {
    const claimed = await tx.deviceAuthorization.updateMany({
      where: { id: row.id, status: "approved" },
      data: { status: "consumed", lastPolledAt: now },
    });
    if (claimed.count !== 1 || !row.workspaceId) throw errors.expiredToken();
    const workspace = await tx.workspace.findUniqueOrThrow({
      where: { id: row.workspaceId },
      select: { slug: true },
    });
    const scopes = row.approvedScopes as Scope[];
    const { key, secret } = await mintApiKey({
      ctx,
      tx,
      workspaceId: row.workspaceId,
      name: row.clientName ?? "Device login",
      scopes,
      allowedCidrs: [],
      source: "device",
      createdByUserId: row.approvedByUserId,
      pending: false,
    });
    await tx.deviceAuthorization.update({ where: { id: row.id }, data: { apiKeyId: key.id } });
    await recordAuditEvent({
      tx,
      clock: ctx.clock,
      principal: { kind: "anonymous" },
      requestId,
      workspaceId: row.workspaceId,
      action: "api_key.create",
      targetType: "api_key",
      targetId: key.id,
      metadata: { source: "device", deviceAuthorizationId: row.id, scopes },
    });
    return { apiKey: secret, keyId: key.id, workspace: workspace.slug, scopes };
  });
}
