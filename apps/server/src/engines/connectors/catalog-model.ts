import {
  type CatalogModel,
  type CatalogProvider,
  isoDay,
  retiredBy,
} from "../catalog/model-catalog.js";
import { EngineError } from "../engine.js";
import type { ConnectorOptions } from "./connector-options.js";

/**
 * The catalog's entry for the model a call names, before anything is sent: an unlisted model
 * is a non-retryable failure of the call, never a request priced at a default; so is a model
 * retired on the clock's day (the provider would answer 404 or route it to another model).
 */
export function catalogModel(
  options: ConnectorOptions,
  provider: CatalogProvider,
  name: string,
): CatalogModel {
  const model = options.catalog.find(provider, name);
  if (!model)
    throw new EngineError(`The model catalog lists no ${provider} model "${name}".`, false);
  if (retiredBy(model, isoDay(options.clock.now())))
    throw new EngineError(
      `The ${provider} model "${model.id}" is retired${model.retiresAt ? ` since ${model.retiresAt}` : ""}; choose a current model in the workspace's measurement model.`,
      false,
    );
  return model;
}

/**
 * A provider's own statement of what a call cost (USD), against the catalog's charge: it is
 * never charged; when it is higher, the catalog's prices are stale and the operator is warned.
 */
export function checkStatedCost(
  options: ConnectorOptions,
  model: CatalogModel,
  statedUsd: number | null | undefined,
  chargedMicrousd: bigint,
): void {
  if (typeof statedUsd !== "number" || !Number.isFinite(statedUsd)) return;
  const statedMicrousd = Math.round(statedUsd * 1_000_000);
  if (statedMicrousd <= Number(chargedMicrousd)) return;
  options.logger.warn(
    {
      provider: model.provider,
      model: model.id,
      statedMicrousd,
      chargedMicrousd: Number(chargedMicrousd),
    },
    "the provider states a higher cost than the model catalog's prices give; update the catalog",
  );
}
