import type { ModelList } from "@geopulse/api-types";
import { isoDay, MODEL_USES, retiredBy } from "../../engines/catalog/model-catalog.js";
import type { Operation } from "../operation.js";

export type ListModelsOptions = Pick<Operation, "ctx">;

/** The deployment's model catalog (built in, with GEO_MODEL_CATALOG_FILE merged), by provider and id. */
export function listModels({ ctx }: ListModelsOptions): ModelList {
  const catalog = ctx.config.modelCatalog;
  const today = isoDay(ctx.clock.now());
  const data = catalog.models.map((m) => ({
    provider: m.provider,
    id: m.id,
    aliases: [...m.aliases],
    uses: [...m.uses],
    defaultFor: MODEL_USES.filter((use) => m.uses.includes(use)).filter((use) => {
      try {
        return catalog.defaultId(m.provider, use) === m.id;
      } catch {
        return false;
      }
    }),
    prices: {
      inputPerMillion: Number(m.prices.inputPerMillion),
      outputPerMillion: Number(m.prices.outputPerMillion),
      perSearch: Number(m.prices.perSearch),
      perGroundedRequest: Number(m.prices.perGroundedRequest),
      perRequest: Number(m.prices.perRequest),
      ...(m.prices.perRequestByContextSize && {
        perRequestByContextSize: {
          low: Number(m.prices.perRequestByContextSize.low),
          medium: Number(m.prices.perRequestByContextSize.medium),
          high: Number(m.prices.perRequestByContextSize.high),
        },
      }),
      ...(m.prices.perExtraResult > 0n && { perExtraResult: Number(m.prices.perExtraResult) }),
      ...(m.prices.perSummary > 0n && { perSummary: Number(m.prices.perSummary) }),
      ...(m.includedResults > 0 && { includedResults: m.includedResults }),
    },
    // A model past its retiresAt day is retired, as every model field treats it.
    status: retiredBy(m, today) ? ("retired" as const) : m.status,
    releasedAt: m.releasedAt,
    deprecatedAt: m.deprecatedAt,
    retiresAt: m.retiresAt,
  }));
  data.sort((a, b) => a.provider.localeCompare(b.provider) || a.id.localeCompare(b.id));
  return { data };
}
