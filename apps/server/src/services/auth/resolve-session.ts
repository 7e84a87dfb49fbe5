import type { AppContext } from "../../context.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { verifySessionCookie } from "../../http/session-cookie.js";
import type { CachedSession } from "./auth-cache.js";

export interface ResolveSessionOptions {
  ctx: AppContext;
  cookieValue: string;
}

/**
 * The live session behind a cookie value, or undefined (bad signature, unknown,
 * revoked, expired). The row comes from the auth cache (by the token's hash)
 * or the database; expiry is decided by the clock on every request, and a
 * sign-out drops the entry in every process.
 */
export async function resolveSession({
  ctx,
  cookieValue,
}: ResolveSessionOptions): Promise<SessionPrincipal | undefined> {
  const tokenHash = verifySessionCookie(cookieValue, ctx.secrets.sessionSecret);
  if (!tokenHash) return undefined;
  const session = ctx.authCache.session(tokenHash) ?? (await loadSession(ctx, tokenHash));
  if (!session || session.revokedAt || session.expiresAt <= ctx.clock.now()) return undefined;
  return { kind: "session", sessionId: session.id, userId: session.userId, email: session.email };
}

async function loadSession(ctx: AppContext, tokenHash: string): Promise<CachedSession | undefined> {
  const generation = ctx.authCache.generation();
  const row = await ctx.prisma.session.findUnique({
    where: { tokenHash },
    select: {
      id: true,
      userId: true,
      expiresAt: true,
      revokedAt: true,
      user: { select: { email: true } },
    },
  });
  if (!row) return undefined;
  const { user, ...fields } = row;
  const session: CachedSession = { ...fields, email: user.email };
  ctx.authCache.storeSession(generation, tokenHash, session);
  return session;
}
