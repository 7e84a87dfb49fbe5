import type { AppContext } from "../../context.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { verifySessionCookie } from "../../http/session-cookie.js";

export interface ResolveSessionOptions {
  ctx: AppContext;
  cookieValue: string;
}

/** The live session behind a cookie value, or undefined (bad signature, unknown, revoked, expired). */
export async function resolveSession({
  ctx,
  cookieValue,
}: ResolveSessionOptions): Promise<SessionPrincipal | undefined> {
  const tokenHash = verifySessionCookie(cookieValue, ctx.secrets.sessionSecret);
  if (!tokenHash) return undefined;
  const session = await ctx.prisma.session.findUnique({
    where: { tokenHash },
    include: { user: { select: { email: true } } },
  });
  if (!session || session.revokedAt || session.expiresAt <= ctx.clock.now()) return undefined;
  return {
    kind: "session",
    sessionId: session.id,
    userId: session.userId,
    email: session.user.email,
  };
}
