import type { MeasurementModel } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { isoDay } from "../../engines/catalog/model-catalog.js";
import { errors } from "../../errors/app-error.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { resolveMeasurementModel } from "./default-measurement-model.js";

export interface GetMeasurementModelOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
}

/** The stored model, or the defaults (`isDefault: true`) while none is stored. */
export async function getMeasurementModel({
  ctx,
  workspace,
}: GetMeasurementModelOptions): Promise<MeasurementModel> {
  const row = await ctx.prisma.workspace.findUnique({
    where: { id: workspace.id },
    select: { measurementModel: true },
  });
  if (!row) throw errors.workspaceNotFound();
  return resolveMeasurementModel(
    row.measurementModel,
    ctx.config.modelCatalog,
    isoDay(ctx.clock.now()),
  );
}
