import type { Prompt } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { findPrompt, toPromptResponse } from "./prompt-rules.js";

export interface GetPromptOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  promptId: string;
}

export async function getPrompt({ ctx, workspace, promptId }: GetPromptOptions): Promise<Prompt> {
  return toPromptResponse(await findPrompt(ctx.prisma, workspace.id, promptId));
}
