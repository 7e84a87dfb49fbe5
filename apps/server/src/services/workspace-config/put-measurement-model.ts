import type { MeasurementModel, MeasurementModelUpdate } from "@geopulse/api-types";
import { isoDay } from "../../engines/catalog/model-catalog.js";
import { errors, type FieldError } from "../../errors/app-error.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { checkCatalogModels } from "./check-catalog-models.js";
import { defaultAssistant, resolveMeasurementModel } from "./default-measurement-model.js";

const weightTolerance = 1e-6;

export interface PutMeasurementModelOptions extends WorkspaceOperation {
  input: MeasurementModelUpdate;
}

/** Rules the JSON Schema cannot state: engines unique, one enabled, weights summing to 1. */
function checkMeasurementModel(input: MeasurementModelUpdate): void {
  const problems: FieldError[] = [];
  const seen = new Map<string, number>();
  input.engines.forEach((setting, index) => {
    const first = seen.get(setting.engine);
    if (first !== undefined) {
      problems.push({
        field: `body.engines[${index}].engine`,
        rule: "unique",
        message: `duplicates the engine of engines[${first}]`,
      });
    } else seen.set(setting.engine, index);
  });
  if (!input.engines.some((setting) => setting.enabled)) {
    problems.push({
      field: "body.engines",
      rule: "enabled",
      message: "enable at least one engine",
    });
  }
  const sum = Object.values(input.weights).reduce((total, weight) => total + weight, 0);
  if (Math.abs(sum - 1) > weightTolerance) {
    problems.push({
      field: "body.weights",
      rule: "sum",
      message: `weights must sum to 1; they sum to ${Number(sum.toFixed(6))}`,
    });
  }
  if (problems.length > 0) throw errors.invalidRequest(problems);
}

/** Replaces the workspace's measurement model; answers it as GET reads it. */
export async function putMeasurementModel(
  options: PutMeasurementModelOptions,
): Promise<MeasurementModel> {
  const { ctx, workspace, input } = options;
  checkMeasurementModel(input);
  const catalog = ctx.config.modelCatalog;
  // Only catalog models (400 naming each field and the ids it allows); aliases are stored as ids.
  const ids = checkCatalogModels(
    catalog,
    [
      ...input.engines.map((setting, index) => ({
        field: `body.engines[${index}].model`,
        provider: setting.engine,
        model: setting.model,
        use: "answers" as const,
      })),
      ...(input.assistant
        ? [
            {
              field: "body.assistant.model",
              provider: input.assistant.provider,
              model: input.assistant.model,
              use: "chat" as const,
            },
          ]
        : []),
    ],
    isoDay(ctx.clock.now()),
  );
  const model = {
    engines: input.engines.map(({ engine, enabled }, index) => ({
      engine,
      model: ids[index] as string,
      enabled,
    })),
    weights: { ...input.weights },
    assistant: input.assistant
      ? { provider: input.assistant.provider, model: ids[input.engines.length] as string }
      : defaultAssistant(catalog),
  };
  await ctx.prisma.$transaction(async (tx) => {
    await tx.workspace.update({
      where: { id: workspace.id },
      data: { measurementModel: model, updatedAt: ctx.clock.now() },
    });
    await audit(options, tx, "model.update", ["workspace", workspace.id], {
      enabled: model.engines.filter((setting) => setting.enabled).map((s) => s.engine),
    });
  });
  // What GET answers from now on (the engines left out follow, off).
  return resolveMeasurementModel(model, catalog, isoDay(ctx.clock.now()));
}
