import type { AppContext } from "../../context.js";
import type { Principal, WorkspaceAccess } from "../../http/principal.js";

const slugPattern = /^[a-z0-9-]+$/;

export interface ResolveWorkspaceAccessOptions {
  ctx: AppContext;
  principal: Principal;
  slug: string;
}

/**
 * The workspace a principal may reach by this slug, or undefined. Invalid,
 * absent, foreign and cross-key slugs are indistinguishable to the caller.
 * A key reaches the workspace it was read with (the row names its slug); a
 * session's membership comes from the auth cache or the database, and
 * membership changes drop it in every process.
 */
export async function resolveWorkspaceAccess({
  ctx,
  principal,
  slug,
}: ResolveWorkspaceAccessOptions): Promise<WorkspaceAccess | undefined> {
  if (!slugPattern.test(slug) || slug.length > 64) return undefined;
  if (principal.kind === "api_key") {
    return principal.workspaceSlug === slug
      ? { id: principal.workspaceId, slug, role: null }
      : undefined;
  }
  if (principal.kind === "session") {
    const cached = ctx.authCache.membership(principal.userId, slug);
    if (cached) return cached;
    const generation = ctx.authCache.generation();
    const member = await ctx.prisma.member.findFirst({
      where: { userId: principal.userId, workspace: { slug } },
      select: { role: true, workspace: { select: { id: true, slug: true } } },
    });
    if (!member) return undefined;
    const access = { ...member.workspace, role: member.role as WorkspaceAccess["role"] };
    ctx.authCache.storeMembership(generation, principal.userId, access);
    return access;
  }
  return undefined;
}
