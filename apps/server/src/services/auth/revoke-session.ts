import type { AppContext } from "../../context.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { recordAuditEvent } from "../audit/record-audit-event.js";

export interface RevokeSessionOptions {
  ctx: AppContext;
  principal: SessionPrincipal;
  requestId: string;
}

export async function revokeSession({
  ctx,
  principal,
  requestId,
}: RevokeSessionOptions): Promise<void> {
  await ctx.prisma.$transaction(async (tx) => {
    await tx.session.update({
      where: { id: principal.sessionId },
      data: { revokedAt: ctx.clock.now() },
    });
    await ctx.authChanges.publish(tx, { kind: "session", sessionId: principal.sessionId });
    await recordAuditEvent({
      tx,
      clock: ctx.clock,
      principal,
      requestId,
      workspaceId: null,
      action: "session.revoke",
      targetType: "session",
      targetId: principal.sessionId,
    });
  });
}
