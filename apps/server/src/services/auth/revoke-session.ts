import type { AppContext } from "../../context.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { audit } from "../audit/audit.js";

export interface RevokeSessionOptions {
  ctx: AppContext;
  principal: SessionPrincipal;
  requestId: string;
}

export async function revokeSession(options: RevokeSessionOptions): Promise<void> {
  const { ctx, principal } = options;
  await ctx.prisma.$transaction(async (tx) => {
    await tx.session.update({
      where: { id: principal.sessionId },
      data: { revokedAt: ctx.clock.now() },
    });
    await ctx.authChanges.publish(tx, { kind: "session", sessionId: principal.sessionId });
    await audit({ ...options, workspace: null }, tx, "session.revoke", [
      "session",
      principal.sessionId,
    ]);
  });
}
