import type { Prisma, PrismaClient } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { isRealEngine } from "../../engines/connectors/provider-settings.js";
import type { EngineId } from "../../engines/engine.js";
import { resolveProviderKey } from "../credentials/resolve-provider-key.js";

export interface SelectedEngine {
  id: EngineId;
  model: string;
  /** Only the simulated engine, which answers in local mode when no real one can. */
  simulated: boolean;
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
 * simulated engine answer, alone and labelled. Nothing is built here: the
 * executor builds the engines it asks (`build-engine.ts`), so planning a run
 * loads no provider client.
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
    const key = isRealEngine(e.engine)
      ? await resolveProviderKey(ctx, workspaceId, e.engine, db)
      : undefined;
    if (key) available.push({ id: e.engine, model: e.model, simulated: false });
    else skipped.push(e.engine);
  }
  if (available.length > 0) return { engines: available, skipped, simulated: false };
  if (ctx.config.operatorMode !== "local") return { engines: [], skipped, simulated: false };
  return {
    engines: [{ id: "simulated", model: "simulated-1", simulated: true }],
    skipped,
    simulated: true,
  };
}
