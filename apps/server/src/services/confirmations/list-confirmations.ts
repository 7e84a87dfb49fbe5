import type { ResponseBody } from "@geopulse/api-types";
import type { MetricConfirmation } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { dayOf } from "../../days.js";
import { type PageRequest, pageQuery, toPage } from "../../http/cursor.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { CONFIRMATION_RUN_COST_SQL } from "./confirmation-spend.js";
import { storedPlan } from "./confirmation-state.js";

export type MetricConfirmationsPage = ResponseBody<"listMetricConfirmations", 200>;
type ConfirmationResponse = MetricConfirmationsPage["data"][number];

/**
 * The workspace's confirmations (adaptive sampling), newest first, one page at a time, each
 * with its runs and what they were charged (their holds while unfinished).
 */
export async function listConfirmations(options: {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  status?: string | undefined;
  page: PageRequest;
}): Promise<MetricConfirmationsPage> {
  const { ctx, workspace, page } = options;
  const rows = await ctx.prisma.metricConfirmation.findMany(
    pageQuery(
      { workspaceId: workspace.id, ...(options.status ? { status: options.status } : {}) },
      "cnf",
      page,
    ),
  );
  const ids = rows.slice(0, page.limit).map((r) => r.id);
  const runs = await ctx.prisma.$queryRawUnsafe<
    Array<{ confirmation_id: string; runs: number; cost: bigint }>
  >(
    `SELECT confirmation_id, count(*)::int AS runs, sum(${CONFIRMATION_RUN_COST_SQL})::bigint AS cost
     FROM runs WHERE workspace_id = $1 AND confirmation_id = ANY($2::text[])
     GROUP BY confirmation_id`,
    workspace.id,
    ids,
  );
  const byId = new Map(runs.map((r) => [r.confirmation_id, r]));
  return toPage(rows, page.limit, (row) => toConfirmationResponse(row, byId.get(row.id)));
}

function toConfirmationResponse(
  c: MetricConfirmation,
  runs: { runs: number; cost: bigint } | undefined,
): ConfirmationResponse {
  const { reference } = storedPlan(c);
  return {
    id: c.id,
    entityId: c.entityId,
    engine: (c.engine ?? "all") as ConfirmationResponse["engine"],
    date: dayOf(c.day),
    direction: c.direction as ConfirmationResponse["direction"],
    pValue: c.pValue,
    status: c.status as ConfirmationResponse["status"],
    expiredBecause: c.expiredBecause as ConfirmationResponse["expiredBecause"],
    promptIds: c.promptIds,
    engines: c.engines,
    reference: {
      from: reference.from,
      to: reference.to,
      days: reference.days,
      rate: reference.rate,
      bound: c.referenceBound,
    },
    fresh: {
      days: c.freshDays,
      answers: c.freshAnswers,
      extraAnswers: c.extraAnswers,
      rate: c.rate,
      low: c.low,
      high: c.high,
    },
    decidedOn: c.decidedOn ? dayOf(c.decidedOn) : null,
    runs: runs?.runs ?? 0,
    costMicrousd: Number(runs?.cost ?? 0n),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
