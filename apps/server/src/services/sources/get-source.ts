import type { ResponseBody } from "@geopulse/api-types";
import type { Surface } from "../../engines/engine-registry.js";
import type { WorkspaceOperation } from "../operation.js";
import { SOURCES_LIMIT_DEFAULT } from "./list-sources.js";
import { loadCitedUrls } from "./load-cited-urls.js";
import { loadCitingPrompts } from "./load-citing-prompts.js";
import { sourcesPeriod } from "./sources-period.js";

export type CitedSource = ResponseBody<"getSource", 200>;

export interface GetSourceOptions extends WorkspaceOperation {
  domain: string;
  from?: string | undefined;
  to?: string | undefined;
  limit?: number | undefined;
  /** Only answers read from this surface. */
  surface?: Surface | undefined;
}

/**
 * Which prompts' answers cited one domain over a period, which read a page of it without citing
 * it (`usedBy`), and its cited URLs.
 */
export async function getSource(options: GetSourceOptions): Promise<CitedSource> {
  const { ctx, workspace, domain } = options;
  const limit = options.limit ?? SOURCES_LIMIT_DEFAULT;
  const period = sourcesPeriod({ now: ctx.clock.now(), from: options.from, to: options.to });
  const scope = { ctx, workspaceId: workspace.id, period, domain, limit, surface: options.surface };
  const [prompts, usedBy, urls] = await Promise.all([
    loadCitingPrompts(scope),
    loadCitingPrompts({ ...scope, as: "used" }),
    loadCitedUrls(scope),
  ]);
  return {
    domain,
    taxonomy: urls[0]?.taxonomy ?? null,
    period,
    prompts,
    usedBy,
    urls,
  };
}
