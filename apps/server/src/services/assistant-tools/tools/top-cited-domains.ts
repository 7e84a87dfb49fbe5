import { z } from "zod";
import { addDaysWithin, dayOf, daysBetween } from "../../../days.js";
import { defineTool } from "../define-tool.js";
import { metricCitation } from "../metric-views.js";
import { loadTopCitedDomains } from "../read/load-top-cited-domains.js";
import { dayArg, engineArg, limitArg, surfaceArg } from "../tool-args.js";
import { ToolError } from "../types.js";

const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;

export const topCitedDomainsTool = defineTool({
  name: "top_cited_domains",
  description:
    "The domains AI engines cited most over a date range (default the 30 days ending today): per domain, the number of answers citing it and its class (owned, competitor, ugc, reference, review, news, social, other).",
  requiredScope: "metrics:read",
  args: z.object({
    from: dayArg("First day; default 29 days before `to`").optional(),
    to: dayArg("Last day; default today").optional(),
    engine: engineArg.optional(),
    surface: surfaceArg.optional(),
    limit: limitArg(50, 10),
  }),
  async run({ op, args }) {
    const to = args.to ?? dayOf(op.ctx.clock.now());
    const from = args.from ?? addDaysWithin(to, 1 - DEFAULT_DAYS);
    const span = daysBetween(from, to) + 1;
    if (span < 1 || span > MAX_DAYS) {
      throw new ToolError(
        "invalid_arguments",
        `to: the range must run forward and span at most ${MAX_DAYS} days.`,
      );
    }
    const domains = await loadTopCitedDomains({
      ctx: op.ctx,
      workspaceId: op.workspace.id,
      from,
      to,
      engine: args.engine,
      surface: args.surface,
      limit: args.limit,
    });
    const top = domains[0];
    return {
      data: { from, to, engine: args.engine ?? "all", domains },
      summary: top
        ? `${domains.length} domain(s), top ${top.domain} cited by ${top.citedAnswers} answer(s), ${from}..${to}`
        : `no cited domains, ${from}..${to}`,
      citations: [
        metricCitation("cited_domains", { from, to, engine: args.engine, surface: args.surface }),
      ],
    };
  },
});
