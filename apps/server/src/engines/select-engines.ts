import type { AppContext } from "../context.js";
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
 * The engines a run asks. Real connectors join here as they are built; an
 * enabled engine without one (or without a key) is skipped, never replaced.
 * Only when no engine is left and the server runs in local mode does the
 * simulated engine answer, alone and labelled.
 */
export function selectEngines(ctx: AppContext, enabled: EnabledEngine[]): EngineSelection {
  const available: SelectedEngine[] = [];
  const skipped = enabled.map((e) => e.engine);
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
