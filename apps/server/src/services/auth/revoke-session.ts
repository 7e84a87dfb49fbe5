import type { SessionPrincipal } from "../../http/principal.js";
import { audit } from "../audit/audit.js";
import type { Operation } from "../operation.js";

export interface RevokeSessionOptions extends Operation {
  principal: SessionPrincipal;
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
