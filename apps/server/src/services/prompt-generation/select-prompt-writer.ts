import type { Prisma, PrismaClient } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { createOpenAiPromptWriter } from "../../engines/openai/openai-prompt-writer.js";
import type { PromptWriter } from "../../engines/prompt-writer.js";
import { connectorOptionsFor } from "../credentials/connector-options-for.js";
import { resolveProviderKey } from "../credentials/resolve-provider-key.js";
import { createSimulatedPromptWriter } from "./simulated-prompt-writer.js";

/**
 * The writer for a workspace: OpenAI with its stored key or the operator's;
 * without one, the simulated writer in local mode, else none. A generation
 * keeps the kind chosen when it started (never switches mid-way).
 */
export async function selectPromptWriter(
  ctx: AppContext,
  workspaceId: string,
  db: PrismaClient | Prisma.TransactionClient = ctx.prisma,
  kind?: "openai" | "simulated",
): Promise<PromptWriter | undefined> {
  if (kind !== "simulated") {
    const key = await resolveProviderKey(ctx, workspaceId, "openai", db);
    if (key) {
      return createOpenAiPromptWriter(connectorOptionsFor(ctx, "openai", key.apiKey));
    }
    if (kind === "openai") return undefined;
  }
  return ctx.config.operatorMode === "local" ? createSimulatedPromptWriter() : undefined;
}
