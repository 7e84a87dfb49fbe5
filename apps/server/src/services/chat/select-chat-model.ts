import type { AppContext } from "../../context.js";
import { isoDay } from "../../engines/catalog/model-catalog.js";
import { createAnthropicChatModel } from "../../engines/chat/anthropic-chat-model.js";
import type { ChatModel } from "../../engines/chat/chat-model.js";
import { createOpenAiChatModel } from "../../engines/chat/openai-chat-model.js";
import { errors } from "../../errors/app-error.js";
import { connectorOptionsFor } from "../credentials/connector-options-for.js";
import { resolveProviderKey } from "../credentials/resolve-provider-key.js";
import { resolveMeasurementModel } from "../workspace-config/default-measurement-model.js";
import { createSimulatedChatModel } from "./simulated-chat-model.js";

/**
 * The workspace's assistant model (its `assistant` setting) with the
 * workspace's stored key for that provider or the operator's
 * (`OPENAI_API_KEY` / `ANTHROPIC_API_KEY`, base URLs as the engines'); without
 * one, the simulated assistant in local mode, else 409 no_engines_configured.
 */
export async function selectChatModel(ctx: AppContext, workspaceId: string): Promise<ChatModel> {
  const row = await ctx.prisma.workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { measurementModel: true },
  });
  const { provider, model } = resolveMeasurementModel(
    row.measurementModel,
    ctx.config.modelCatalog,
    isoDay(ctx.clock.now()),
  ).assistant;
  const key = await resolveProviderKey(ctx, workspaceId, provider);
  if (key) {
    const options = connectorOptionsFor(ctx, provider, key.apiKey);
    // resolveMeasurementModel read an unlisted name as the default: this is a chat model of the catalog.
    const listed = ctx.config.modelCatalog.require(provider, model);
    return provider === "anthropic"
      ? createAnthropicChatModel(options, listed)
      : createOpenAiChatModel(options, listed);
  }
  if (ctx.config.operatorMode === "local") return createSimulatedChatModel(ctx.clock);
  throw errors.noEnginesConfigured({ for: "chat", provider });
}
