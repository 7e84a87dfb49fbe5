import type { Prisma, PrismaClient } from "@geopulse/db";
import type { AppContext } from "../context.js";
import { createConnector, hasConnector } from "./connectors/create-connector.js";
import { providerSettings } from "./connectors/provider-settings.js";
import { resolveProviderKey } from "./connectors/resolve-provider-key.js";
import type { AnswerEngine, EngineId } from "./engine.js";
import { createSimulatedEngine } from "./simulated/simulated-engine.js";

export interface SelectedEngine {
  id: EngineId;
  model: string;
  engine: AnswerEngine;
}

export interface EngineSelection {
  engines: SelectedEngine[];
  /** Enabled engines left out (no connector or no provider key). */
  skipped: EngineId[];
  simulated: boolean;
}

export interface EnabledEngine {
  engine: EngineId;
  model: string;
}

/**
 * The engines a run asks, for one workspace. An enabled engine with a
 * connector and a key (the workspace's stored credential, else the
 * operator's) is asked for real; one without is skipped, never replaced.
 * Only when no engine is left and the server runs in local mode does the
 * simulated engine answer, alone and labelled.
 */
export async function selectEngines(
  ctx: AppContext,
  workspaceId: string,
  enabled: EnabledEngine[],
  db: PrismaClient | Prisma.TransactionClient = ctx.prisma,
): Promise<EngineSelection> {
  const available: SelectedEngine[] = [];
  const skipped: EngineId[] = [];
  for (const e of enabled) {
    const engine = await buildRealEngine(ctx, workspaceId, e.engine, db);
    if (engine) available.push({ id: e.engine, model: e.model, engine });
    else skipped.push(e.engine);
  }
  if (available.length > 0) return { engines: available, skipped, simulated: false };
  if (ctx.config.operatorMode !== "local") return { engines: [], skipped, simulated: false };
  return {
    engines: [
      {
        id: "simulated",
        model: "simulated-1",
        engine: ctx.simulatedEngine ?? createSimulatedEngine(),
      },
    ],
    skipped,
    simulated: true,
  };
}

/**
 * The real connector for an engine and workspace, with its key resolved, or
 * undefined when the engine has no connector or no key. Runs build their
 * engines here both when planned and when executed.
 */
export async function buildRealEngine(
  ctx: AppContext,
  workspaceId: string,
  engine: EngineId,
  db: PrismaClient | Prisma.TransactionClient = ctx.prisma,
): Promise<AnswerEngine | undefined> {
  if (!hasConnector(engine)) return undefined;
  const key = await resolveProviderKey(ctx, workspaceId, engine, db);
  if (!key) return undefined;
  const settings = providerSettings(engine);
  return createConnector(engine, {
    apiKey: key.apiKey,
    baseUrl: settings.baseUrl,
    timeoutMs: settings.timeoutMs,
    clock: ctx.clock,
  });
}
