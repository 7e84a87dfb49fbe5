import type { ApiKey as ApiKeyResponse } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { type PageRequest, pageQuery, toPage } from "../../http/cursor.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { toApiKeyResponse } from "./to-api-key-response.js";

export interface ListApiKeysOptions extends PageRequest {
  ctx: AppContext;
  workspace: WorkspaceAccess;
}

/** Newest first; metadata only. */
export async function listApiKeys({
  ctx,
  workspace,
  limit,
  cursor,
}: ListApiKeysOptions): Promise<{ data: ApiKeyResponse[]; nextCursor: string | null }> {
  const page = pageQuery({ workspaceId: workspace.id }, "key", { limit, cursor });
  // This process's noted key use, so a listing shows it at once.
  await ctx.keyUse.flush();
  const rows = await ctx.prisma.apiKey.findMany(page);
  const now = ctx.clock.now();
  return toPage(rows, limit, (key) => toApiKeyResponse(key, now));
}
