import type { CatalogModel, CatalogProvider } from "../catalog/model-catalog.js";
import { EngineError } from "../engine.js";
import type { ConnectorOptions } from "./connector-options.js";

/**
 * The catalog's entry for the model a call names, before anything is sent: an unlisted model
 * is a non-retryable failure of the call, never a request priced at a default.
 */
export function catalogModel(
  options: ConnectorOptions,
  provider: CatalogProvider,
  name: string,
): CatalogModel {
  const model = options.catalog.find(provider, name);
  if (!model)
    throw new EngineError(`The model catalog lists no ${provider} model "${name}".`, false);
  return model;
}
