import type { AppContext } from "../../context.js";
import { createConnector, hasConnector } from "../../engines/connectors/create-connector.js";
import type { AnswerEngine, EngineId } from "../../engines/engine.js";
import { createSimulatedEngine } from "../../engines/simulated/simulated-engine.js";
import { connectorOptionsFor } from "../credentials/connector-options-for.js";
import { resolveProviderKey } from "../credentials/resolve-provider-key.js";

/**
 * The engine a run asks for `engine` in this workspace: the simulated engine
 * (the context's, in tests), or the real connector with its key resolved;
 * undefined when the engine has no connector or no key.
 */
export async function buildEngine(
  ctx: AppContext,
  workspaceId: string,
  engine: EngineId,
): Promise<AnswerEngine | undefined> {
  if (engine === "simulated") return ctx.simulatedEngine ?? createSimulatedEngine();
  if (!hasConnector(engine)) return undefined;
  const key = await resolveProviderKey(ctx, workspaceId, engine);
  if (!key) return undefined;
  return createConnector(engine, connectorOptionsFor(ctx, engine, key.apiKey));
}
