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
 */
export async function resolveWorkspaceAccess({
  ctx,
  principal,
  slug,
}: ResolveWorkspaceAccessOptions): Promise<WorkspaceAccess | undefined> {
  if (!slugPattern.test(slug) || slug.length > 64) return undefined;
  if (principal.kind === "api_key") {
    if (principal.workspaceSlug !== slug) return undefined;
    const workspace = await ctx.prisma.workspace.findUnique({
      where: { id: principal.workspaceId },
      select: { id: true, slug: true },
    });
    return workspace?.slug === slug ? { ...workspace, role: null } : undefined;
  }
  if (principal.kind === "session") {
    const member = await ctx.prisma.member.findFirst({
      where: { userId: principal.userId, workspace: { slug } },
      select: { role: true, workspace: { select: { id: true, slug: true } } },
    });
    if (!member) return undefined;
    return { ...member.workspace, role: member.role as WorkspaceAccess["role"] };
  }
  return undefined;
}
