import type { ApiKey as ApiKeyResponse } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { type PageRequest, pageQuery, toPage } from "../../http/cursor.js";
import { hasRole, type Principal, type WorkspaceAccess } from "../../http/principal.js";
import { toApiKeyResponse } from "./to-api-key-response.js";

export interface ListApiKeysOptions extends PageRequest {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  principal: Principal;
}

/**
 * Newest first; metadata only. Each key names its creator and whether the caller may act on it,
 * so a dashboard offers a `member` rotate and revoke only on their own keys.
 */
export async function listApiKeys({
  ctx,
  workspace,
  principal,
  limit,
  cursor,
}: ListApiKeysOptions): Promise<{ data: ApiKeyResponse[]; nextCursor: string | null }> {
  const page = pageQuery({ workspaceId: workspace.id }, "key", { limit, cursor });
  // This process's noted key use, so a listing shows it at once.
  await ctx.keyUse.flush();
  const rows = await ctx.prisma.apiKey.findMany(page);
  const creatorIds = [...new Set(rows.flatMap((key) => key.createdByUserId ?? []))];
  const creators = new Map(
    (
      await ctx.prisma.user.findMany({
        where: { id: { in: creatorIds } },
        select: { id: true, email: true },
      })
    ).map((user) => [user.id, user.email]),
  );
  const managesAll = hasRole(workspace.role, "admin");
  const callerId = principal.kind === "session" ? principal.userId : undefined;
  const now = ctx.clock.now();
  return toPage(rows, limit, (key) => {
    const email = key.createdByUserId ? creators.get(key.createdByUserId) : undefined;
    return toApiKeyResponse(key, now, {
      createdBy: email && key.createdByUserId ? { userId: key.createdByUserId, email } : null,
      viewerCanManage: managesAll || (callerId !== undefined && key.createdByUserId === callerId),
    });
  });
}
