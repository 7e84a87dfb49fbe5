import type { RunPreset } from "@geopulse/api-types";
import type { Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { isoDay } from "../../engines/catalog/model-catalog.js";
import { answerCeilingMicrousd } from "../../engines/pricing.js";
import { errors } from "../../errors/app-error.js";
import { resolveMeasurementModel } from "../workspace-config/default-measurement-model.js";
import { type EngineSelection, selectEngines } from "./select-engines.js";

/** What each preset asks; documented in the contract (startRun). */
export const presets: Record<
  RunPreset,
  { maxPrompts: number | null; repetitions: number; engines: "first" | "enabled" | "exa" }
> = {
  smoke: { maxPrompts: 5, repetitions: 1, engines: "first" },
  lite: { maxPrompts: 50, repetitions: 1, engines: "enabled" },
  standard: { maxPrompts: null, repetitions: 2, engines: "enabled" },
  exa: { maxPrompts: null, repetitions: 1, engines: "exa" },
};

export interface RunPlan {
  prompts: Array<{ id: string; text: string }>;
  selection: EngineSelection;
  repetitions: number;
  estimateMicrousd: bigint;
  totalTasks: number;
}

/**
 * Which prompts and engines a run of this preset asks, and the most it can
 * cost: the sum over its tasks of each answer's ceiling (engine, model and
 * prompt; `engines/pricing.ts`). No margin is added: an answer is never
 * billed above its ceiling, so the estimate bounds the run's charge.
 */
export async function planRun(
  ctx: AppContext,
  tx: Prisma.TransactionClient,
  workspace: { id: string; measurementModel: Prisma.JsonValue },
  preset: RunPreset,
): Promise<RunPlan> {
  const rule = presets[preset];
  const prompts = await tx.prompt.findMany({
    where: { workspaceId: workspace.id, active: true },
    orderBy: [{ category: "asc" }, { id: "asc" }],
    select: { id: true, text: true },
    ...(rule.maxPrompts ? { take: rule.maxPrompts } : {}),
  });
  if (prompts.length === 0) {
    throw errors.noActivePrompts();
  }
  const model = enabledModel(ctx, workspace);
  const enabled =
    rule.engines === "exa"
      ? model.engines.filter((e) => e.engine === "exa").map((e) => ({ ...e, enabled: true }))
      : model.engines.filter((e) => e.enabled);
  const chosen = rule.engines === "first" ? enabled.slice(0, 1) : enabled;
  const selection = await selectEngines(ctx, workspace.id, chosen, tx);
  if (selection.engines.length === 0) {
    throw errors.noEnginesConfigured({ for: "run", skippedEngines: selection.skipped });
  }
  return estimatedPlan(ctx, prompts, selection, rule.repetitions);
}

/**
 * What a confirmation run asks (adaptive sampling, docs/metrics.md): the given prompts that are
 * still active, on the given engines that are still enabled, `repetitions` times each. Null when
 * none of either is left. Its estimate bounds its cost as a preset's does.
 */
export async function planConfirmationRun(
  ctx: AppContext,
  tx: Prisma.TransactionClient,
  workspace: { id: string; measurementModel: Prisma.JsonValue },
  ask: { promptIds: readonly string[]; engines: readonly string[]; repetitions: number },
): Promise<RunPlan | null> {
  const prompts = await tx.prompt.findMany({
    where: { workspaceId: workspace.id, active: true, id: { in: [...ask.promptIds] } },
    orderBy: { id: "asc" },
    select: { id: true, text: true },
  });
  const wanted = new Set(ask.engines);
  const chosen = enabledModel(ctx, workspace).engines.filter(
    (e) => e.enabled && wanted.has(e.engine),
  );
  // In local mode the simulated engine stands in for engines without a key: only the series'
  // own engines may answer a confirmation.
  const selected = await selectEngines(ctx, workspace.id, chosen, tx);
  const selection = { ...selected, engines: selected.engines.filter((e) => wanted.has(e.id)) };
  if (prompts.length === 0 || selection.engines.length === 0) return null;
  return estimatedPlan(ctx, prompts, selection, ask.repetitions);
}

const enabledModel = (ctx: AppContext, workspace: { measurementModel: Prisma.JsonValue }) =>
  resolveMeasurementModel(
    workspace.measurementModel,
    ctx.config.modelCatalog,
    isoDay(ctx.clock.now()),
  );

/** The plan of these prompts × engines × repetitions, its estimate the sum of the answers' ceilings. */
function estimatedPlan(
  ctx: AppContext,
  prompts: RunPlan["prompts"],
  selection: EngineSelection,
  repetitions: number,
): RunPlan {
  let perRound = 0n;
  for (const prompt of prompts) {
    for (const e of selection.engines)
      perRound += answerCeilingMicrousd(ctx.config.modelCatalog, e.id, e.model, prompt.text);
  }
  return {
    prompts,
    selection,
    repetitions,
    estimateMicrousd: perRound * BigInt(repetitions),
    totalTasks: prompts.length * selection.engines.length * repetitions,
  };
}
