import type { ModelCatalog, ModelUse } from "../../engines/catalog/model-catalog.js";
import { errors, type FieldError } from "../../errors/app-error.js";

export interface ModelField {
  /** Where the model name is in the request, e.g. `body.engines[0].model`. */
  field: string;
  provider: string;
  model: string;
  use: ModelUse;
}

/**
 * The catalog id of every model field, in order, or `400 invalid_request` naming each field
 * whose model the catalog does not allow for that provider and use (`rule: catalog`), with
 * the ids each accepts in `details.allowed` (field → ids). A model retired on `day` is not allowed.
 */
export function checkCatalogModels(
  catalog: ModelCatalog,
  fields: ModelField[],
  day: string,
): string[] {
  const problems: FieldError[] = [];
  const allowed: Record<string, string[]> = {};
  const ids = fields.map(({ field, provider, model, use }) => {
    const listed = catalog.allowed(provider, model, use, day);
    if (listed) return listed.id;
    const accepted = catalog.ids(provider, use, day);
    allowed[field] = accepted;
    problems.push({
      field,
      rule: "catalog",
      message: `"${model}" is not a ${provider} model of the catalog for ${use}; one of: ${accepted.join(", ")}`,
    });
    return model;
  });
  if (problems.length > 0) throw errors.unknownModel(problems, allowed);
  return ids;
}
