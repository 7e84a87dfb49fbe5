import type { Prompt, QueryParams } from "@geopulse/api-types";
import type { Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { decodeCursor, toPage } from "../../http/cursor.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { promptIdPrefix, toPromptResponse } from "./prompt-rules.js";

export interface ListPromptsOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  query: QueryParams<"listPrompts">;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** Newest first (prompt ids are time-ordered), filtered, paginated. */
export async function listPrompts({
  ctx,
  workspace,
  query,
}: ListPromptsOptions): Promise<{ data: Prompt[]; nextCursor: string | null }> {
  const limit = query.limit ?? 20;
  const before = decodeCursor(query.cursor, promptIdPrefix);
  const where: Prisma.PromptWhereInput = {
    workspaceId: workspace.id,
    ...(before ? { id: { lt: before } } : {}),
    ...(query.category ? { category: query.category } : {}),
    ...(query.language ? { language: query.language } : {}),
    ...(query.active === undefined ? {} : { active: query.active }),
    ...(query.tag ? { tags: { has: query.tag } } : {}),
    // LIKE wildcards in q are literal characters, not patterns.
    ...(query.q ? { text: { contains: escapeLike(query.q), mode: "insensitive" } } : {}),
  };
  const rows = await ctx.prisma.prompt.findMany({
    where,
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  return toPage(rows, limit, toPromptResponse);
}
