import type { ApiKey as ApiKeyResponse } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { decodeCursor, toPage } from "../../http/cursor.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { toApiKeyResponse } from "./to-api-key-response.js";

export interface ListApiKeysOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  limit: number;
  cursor: string | undefined;
}

/** Newest first; metadata only. */
export async function listApiKeys({
  ctx,
  workspace,
  limit,
  cursor,
}: ListApiKeysOptions): Promise<{ data: ApiKeyResponse[]; nextCursor: string | null }> {
  const after = decodeCursor(cursor, "key");
  // This process's noted key use, so a listing shows it at once.
  await ctx.keyUse.flush();
  const rows = await ctx.prisma.apiKey.findMany({
    where: { workspaceId: workspace.id, ...(after ? { id: { lt: after } } : {}) },
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  const now = ctx.clock.now();
  return toPage(rows, limit, (key) => toApiKeyResponse(key, now));
}
